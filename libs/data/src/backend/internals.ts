// What the tests that run the site's calls against the local server (libs/data/backend-tests, a project
// of its own) need beside the calls: the key the visit's source is kept under. The remotes use the calls
// (@agentora/data), never this.
export { ATTRIBUTION_KEY } from '../growth/attribution-store';
