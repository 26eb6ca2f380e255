import { SITE_PATHS } from '@agentora/data/routes';
import { parseCliOptions, UsageError } from './cli-options.ts';

describe('parseCliOptions', () => {
  it("defaults to 3 runs on every route of the site's table, ports from 4700", () => {
    expect(parseCliOptions([])).toEqual({
      runs: 3,
      routes: [...SITE_PATHS],
      reportPath: 'bench-report.json',
      portBase: 4700,
      help: false,
    });
  });

  it('takes --runs and --routes in both spellings', () => {
    expect(parseCliOptions(['--runs', '1', '--routes', '/,/about'])).toMatchObject({
      runs: 1,
      routes: ['/', '/about'],
    });
    expect(parseCliOptions(['--runs=5', '--routes=/blog, /blog,/careers'])).toMatchObject({
      runs: 5,
      routes: ['/blog', '/careers'],
    });
  });

  it('takes the report path and port base, also from BENCH_PORT_BASE', () => {
    expect(parseCliOptions(['--report', 'tmp/r.json', '--port-base', '4800'])).toMatchObject({
      reportPath: 'tmp/r.json',
      portBase: 4800,
    });
    expect(parseCliOptions([], { BENCH_PORT_BASE: '4900' }).portBase).toBe(4900);
  });

  it('refuses bad values and unknown flags', () => {
    expect(() => parseCliOptions(['--runs', '0'])).toThrow(UsageError);
    expect(() => parseCliOptions(['--runs', '1.5'])).toThrow(UsageError);
    expect(() => parseCliOptions(['--runs'])).toThrow(UsageError);
    expect(() => parseCliOptions(['--routes', 'about'])).toThrow(UsageError);
    expect(() => parseCliOptions(['--routes', ','])).toThrow(UsageError);
    expect(() => parseCliOptions(['--fast'])).toThrow(UsageError);
  });

  it('recognises --help', () => {
    expect(parseCliOptions(['--help']).help).toBe(true);
  });
});
