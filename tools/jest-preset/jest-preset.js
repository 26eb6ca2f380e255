// Shared by every project's jest.config.cjs through `preset: '@agentora/jest-preset'`.
const path = require('node:path');

module.exports = {
  // A file that tests plain functions (no DOM, no React) starts with `/** @jest-environment node */`:
  // building a jsdom window it never reads is most of such a file's cost.
  testEnvironment: path.join(__dirname, 'jsdom-with-node-globals.js'),
  transform: {
    '^.+\\.(t|j)sx?$': [
      require.resolve('@swc/jest'),
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // ESM-only packages (react-markdown and its unified/remark family; jose, with which the local
  // Supabase server signs and checks tokens) must be compiled too.
  transformIgnorePatterns: [
    '/node_modules/(?!(jose|react-markdown|remark-.*|mdast-.*|micromark.*|unist-.*|unified|bail|is-plain-obj|trough|vfile.*|decode-named-character-reference|character-entities.*|property-information|hast-.*|space-separated-tokens|comma-separated-tokens|estree-util-.*|html-url-attributes|devlop|ccount|escape-string-regexp|markdown-table|longest-streak|zwitch|trim-lines|html-void-elements|web-namespaces|stringify-entities|inline-style-parser|style-to-.*)/)',
  ],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  setupFilesAfterEnv: [path.join(__dirname, 'setup-tests.js')],
  // Room for a suite's first render on a busy machine, and for findBy*'s 5 s (setup-tests.js).
  testTimeout: 15000,
  testMatch: ['**/?(*.)+(test).[jt]s?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // The timed run (`npm run test:timings`, tools/test-timings) names a results processor, which writes
  // each test's duration to a file. `npm test` names none; either way the reporters are Jest's own.
  ...(process.env.TEST_TIMINGS_JEST_PROCESSOR && {
    testResultsProcessor: process.env.TEST_TIMINGS_JEST_PROCESSOR,
  }),
};
