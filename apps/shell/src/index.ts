import { startRemotes } from './federation/start-remotes';
import { watchEarlyInteractions } from './federation/early-interactions';
import { evaluateInSteps, nextTask } from './start-in-steps';

// Before anything else: a visitor may already be using the prerendered page.
watchEarlyInteractions();

// Prerendered HTML (tools/prerender) is on screen already; otherwise the client renders the page.
const prerendered = document.getElementById('root')?.firstElementChild != null;
// On a prerendered page nothing is urgent: reading the runtime config and each package's evaluation
// wait for a task of their own, so this script's own task stays short (start-in-steps.ts).
const remotesStarted = (prerendered ? nextTask() : Promise.resolve()).then(() =>
  startRemotes(window.location, prerendered),
);
// The async boundary keeps React and the rest of the shell out of the entry chunk.
void (prerendered ? evaluateInSteps() : Promise.resolve())
  .then(() => import('./bootstrap'))
  .then(({ start }) => start(remotesStarted, prerendered));
