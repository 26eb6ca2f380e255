// What the shell runs for the site's visit counts and sources (docs/growth.md), imported by its path
// (@agentora/data/growth) so its entry chunk takes these few functions and nothing else of the library.
export { captureAttribution } from './attribution-store';
export { countPageView, startVisitBeacon } from './visit-beacon';
