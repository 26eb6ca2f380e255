import type { PlaywrightJsonReport } from '../playwright-report';

// Playwright's JSON report, in the shape (and only the fields) 1.65's json reporter writes.
const result = (startTime: string, duration: number, status = 'passed') => ({
  workerIndex: 0,
  status,
  duration,
  startTime,
  retry: 0,
  errors: [],
});

export const playwrightReport: PlaywrightJsonReport = {
  config: { rootDir: '/repo/e2e' },
  suites: [
    {
      title: 'careers/careers-application.spec.ts',
      specs: [
        {
          title: 'applies with a résumé',
          file: 'careers/careers-application.spec.ts',
          tests: [
            {
              projectName: 'careers',
              status: 'expected',
              results: [result('2026-01-01T10:00:00.000Z', 8_000)],
            },
          ],
        },
      ],
      suites: [
        {
          title: 'rate limit',
          specs: [
            {
              title: 'refuses the sixth',
              file: 'careers/careers-application.spec.ts',
              tests: [
                {
                  projectName: 'careers',
                  status: 'flaky',
                  results: [
                    result('2026-01-01T10:00:08.000Z', 45_000, 'timedOut'),
                    result('2026-01-01T10:00:54.000Z', 6_000),
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      title: 'shell/shell-routes.spec.ts',
      specs: [
        {
          title: 'every route answers',
          file: 'shell/shell-routes.spec.ts',
          tests: [
            {
              projectName: 'shell',
              status: 'unexpected',
              results: [result('2026-01-01T10:00:01.000Z', 12_000, 'failed')],
            },
          ],
        },
        {
          title: 'skipped here',
          file: 'shell/shell-routes.spec.ts',
          tests: [{ projectName: 'shell', status: 'skipped', results: [] }],
        },
      ],
    },
  ],
  errors: [{ message: 'Error: the site did not start\n    at globalSetup' }],
  stats: { startTime: '2026-01-01T09:59:50.000Z', duration: 75_000 },
};
