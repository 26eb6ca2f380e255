// How the site shows tables of figures and records' fields, for the remotes that show them (the
// content remote's case studies, the console, the copy of one's data). A subpath of its own, not part
// of the shared @agentora/ui: each remote that uses it bundles these few stateless rules, and no
// page's shared UI library (in every visitor's first load) carries them.
export { HorizontalScroll, tableStyles } from './primitives/Table';
export { fieldListStyles } from './primitives/FieldList';
