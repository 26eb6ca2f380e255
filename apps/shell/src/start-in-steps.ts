// How a prerendered page's code starts: in steps, each its own task.
//
// The page is already readable, so nothing here is urgent, but every long task from now on delays
// the visitor's first tap or key. Evaluating React, react-dom, styled-components, the router and the
// UI library in one go is one long task on a slow phone; importing them one at a time, with a turn
// of the event loop in between, lets input run between the steps. (A client-rendered page has
// nothing on screen yet and takes the one-step import.)
import { prepareHistoryEntry } from './routes/history-entry';

/** A new task: input and rendering that are waiting run first. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Evaluates the shell's largest packages one per task, in the order the shell needs them: React,
 * react-dom (its chunk compiled in one task, its module run in the next), styled-components (which
 * adopts the page's prerendered styles as it starts), the router, the UI library (whose styled
 * components are created as it evaluates), and the history entry the router will read
 * (routes/history-entry.ts).
 * (Each import here is also a split point of the build: a finer list costs more, smaller chunks.
 * A module two steps share is in one chunk of its own: tools/mf-config/src/chunks.ts.)
 */
export async function evaluateInSteps(): Promise<void> {
  let runReactDom = () => {};
  const steps: Array<() => unknown> = [
    () => import('react'),
    // react-dom, the largest, in two steps: its chunk's compile, then its module (react-dom-loader.ts).
    async () => ({ runReactDom } = await import('./react-dom-loader')),
    () => runReactDom(),
    () => import('styled-components'),
    () => import('react-router-dom'),
    // After the router, which it imports (its Link): this step is then the library alone.
    () => import('@agentora/ui'),
    () => prepareHistoryEntry(),
  ];
  for (const step of steps) {
    await nextTask();
    await step();
  }
  await nextTask();
}
