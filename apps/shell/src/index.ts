import { startRemotes } from './federation/start-remotes';
import { watchEarlyInteractions } from './federation/early-interactions';

// Before anything else: a visitor may already be using the prerendered page.
watchEarlyInteractions();

const remotesStarted = startRemotes(window.location.pathname);
// The async boundary lets Module Federation negotiate shared singletons before any of them runs.
void import('./bootstrap').then(({ start }) => start(remotesStarted));
