import { startRemotes } from './federation/start-remotes';

const remotesStarted = startRemotes(window.location.pathname);
// The async boundary lets Module Federation negotiate shared singletons before any of them runs.
void import('./bootstrap').then(({ start }) => start(remotesStarted));
