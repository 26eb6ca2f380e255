import { captureAttribution, startVisitBeacon } from '@agentora/data/growth';
import { startRemotes } from './federation/start-remotes';
import { watchEarlyInteractions } from './federation/early-interactions';
import { evaluateInSteps, nextTask } from './start-in-steps';

// Before anything else: a visitor may already be using the prerendered page.
watchEarlyInteractions();
// Where the visit came from, from this address, before any form can read it or a link can leave it.
const landing = captureAttribution();

// Prerendered HTML (tools/prerender) is on screen already; otherwise the client renders the page.
const prerendered = document.getElementById('root')?.firstElementChild != null;
// On a prerendered page nothing is urgent: reading the runtime config and each package's evaluation
// wait for a task of their own, so this script's own task stays short (start-in-steps.ts).
const remotesStarted = (prerendered ? nextTask() : Promise.resolve()).then(() =>
  startRemotes(window.location, prerendered),
);
// Page views are counted once the backend is known (layout/VisitCounter.tsx sends them).
remotesStarted.then(
  (config) => startVisitBeacon(config.supabase, landing),
  () => undefined,
);
// The async boundary keeps React and the rest of the shell out of the entry chunk.
void (prerendered ? evaluateInSteps() : Promise.resolve())
  .then(() => import('./bootstrap'))
  .then(({ start }) => start(remotesStarted, prerendered));
