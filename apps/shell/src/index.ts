import { startRemotes } from './federation/start-remotes';
import { watchEarlyInteractions } from './federation/early-interactions';
import { evaluateInSteps } from './start-in-steps';

// Before anything else: a visitor may already be using the prerendered page.
watchEarlyInteractions();

// Prerendered HTML (tools/prerender) is on screen already; otherwise the client renders the page.
const prerendered = document.getElementById('root')?.firstElementChild != null;
const remotesStarted = startRemotes(window.location, prerendered);
// The async boundary keeps React and the rest of the shell out of the entry chunk.
void (prerendered ? evaluateInSteps() : Promise.resolve())
  .then(() => import('./bootstrap'))
  .then(({ start }) => start(remotesStarted, prerendered));
