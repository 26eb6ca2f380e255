// A file in Node's environment (plain functions: jest-preset.js) has no document for these matchers
// and queries, and loading them would be most of its set-up.
if (typeof document !== 'undefined') {
  require('@testing-library/jest-dom');

  // findBy*/waitFor wait up to 5 s instead of 1 s: on a busy machine (Nx runs two projects' suites at
  // once, CI runners share cores) a first render can take longer than a second. No test here measures
  // speed; the budgets live in `npm run bench`.
  require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
}
