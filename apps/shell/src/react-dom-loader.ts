// react-dom, the largest package the shell starts, in two tasks instead of one.
//
// Importing this module loads react-dom's chunk: the browser finishes compiling the script in the
// task that runs it (6-11 ms for react-dom in Lighthouse's traces on this machine). Running
// react-dom's module (6-9 ms) would follow in the same task, as a dynamic import resolves; required
// from a function instead, it waits until start-in-steps.ts calls runReactDom() in a later task. The
// two halves are each short enough for a slow phone; together they were one long task.

/** Runs react-dom's client module (its chunk is loaded with this module); later calls do nothing. */
export function runReactDom(): void {
  // A require, not an import: an import would run react-dom as this module is evaluated.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('react-dom/client');
}
