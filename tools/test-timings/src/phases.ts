// `npm test` is one line of steps joined by `&&` (package.json's "test" script). The timed run runs
// each step as a phase of its own, in order, so that it can time each and give each its own files.

/** The steps of a script joined by `&&`, in order. */
export function phasesOf(script: string): string[] {
  const steps = script
    .split('&&')
    .map((step) => step.trim())
    .filter((step) => step !== '');
  if (steps.length === 0) throw new Error('the test script is empty');
  return steps;
}
