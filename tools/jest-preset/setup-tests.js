require('@testing-library/jest-dom');

// findBy*/waitFor wait up to 5 s instead of 1 s: on a busy machine (Nx runs two projects' suites at
// once, CI runners share cores) a first render can take longer than a second. No test here measures
// speed; the budgets live in `npm run bench`.
require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
