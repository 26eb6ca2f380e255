// Jest's aggregated results, in the shape (and only the fields) Jest 30 hands a testResultsProcessor.
export const WORKSPACE = '/repo';

const assertion = (fullName: string, status: string, duration: number | null, invocations = 1) => ({
  fullName,
  status,
  duration,
  invocations,
});

export const aggregatedResults = {
  startTime: 1_760_000_010_000,
  success: false,
  testResults: [
    {
      testFilePath: '/repo/libs/ui/src/Button.test.tsx',
      perfStats: {
        loadTestEnvironmentStart: 1_760_000_011_000,
        start: 1_760_000_011_400,
        end: 1_760_000_014_000,
      },
      testResults: [
        assertion('Button renders', 'passed', 120),
        assertion('Button submits once', 'failed', 2_500),
        assertion('Button waits', 'passed', 900, 2),
        assertion('Button later', 'todo', null),
      ],
    },
    {
      testFilePath: '/repo/libs/ui/src/Broken.test.tsx',
      perfStats: { loadTestEnvironmentStart: 1_760_000_011_100, end: 1_760_000_011_300 },
      testExecError: { message: 'Cannot find module ./nope\nRequire stack: …' },
      testResults: [],
    },
  ],
};
