import { CommandLineExit, parseCommandLine } from './command-line';

const spec = (args: string[]) => ({
  command: 'npm run example',
  usage: 'usage: npm run example -- <thing> [--count <n>]',
  options: { count: { type: 'string' as const } },
  positionals: true,
  args,
});

const exitOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof CommandLineExit) return error.exit;
    throw error;
  }
  return undefined;
};

describe('a command line', () => {
  it('gives the values and positionals', () => {
    const { values, positionals } = parseCommandLine(spec(['a', '--count', '3']));
    expect(values.count).toBe('3');
    expect(positionals).toEqual(['a']);
  });

  it('answers --help with the usage and exit 0', () => {
    expect(exitOf(() => parseCommandLine(spec(['--help'])))).toEqual({
      code: 0,
      stdout: 'usage: npm run example -- <thing> [--count <n>]',
    });
  });

  it.each([['--nope'], ['--count'], ['a', '--count=1', '--count']])(
    'answers %s with one line and exit 2',
    (...args) => {
      const exit = exitOf(() => parseCommandLine(spec(args)));
      expect(exit?.code).toBe(2);
      expect(exit?.stderr?.split('\n')).toHaveLength(1);
      expect(exit?.stderr).toMatch(/^npm run example: .+ \(npm run example -- --help\)$/);
    },
  );

  it('refuses to run, a command with a --dry-run, when npm took --dry-run for itself', () => {
    const dryRun = { ...spec(['a']), options: { 'dry-run': { type: 'string' as const } } };
    expect(
      exitOf(() => parseCommandLine({ ...dryRun, env: { npm_config_dry_run: 'true' } })),
    ).toEqual({
      code: 2,
      stderr:
        'npm run example: npm took --dry-run for itself: options go after -- (npm run example -- … --dry-run <dir>). (npm run example -- --help)',
    });
    expect(parseCommandLine({ ...dryRun, env: {} }).positionals).toEqual(['a']);
    // A command without a dry run of its own is npm's business.
    expect(
      parseCommandLine({ ...spec(['a']), env: { npm_config_dry_run: 'true' } }).positionals,
    ).toEqual(['a']);
  });

  it('refuses what only the command can check, the same way', () => {
    const { refuse } = parseCommandLine(spec(['a', 'b']));
    expect(exitOf(() => refuse('one thing, not 2'))).toEqual({
      code: 2,
      stderr: 'npm run example: one thing, not 2 (npm run example -- --help)',
    });
  });
});
