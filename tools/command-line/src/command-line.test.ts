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

  it('refuses what only the command can check, the same way', () => {
    const { refuse } = parseCommandLine(spec(['a', 'b']));
    expect(exitOf(() => refuse('one thing, not 2'))).toEqual({
      code: 2,
      stderr: 'npm run example: one thing, not 2 (npm run example -- --help)',
    });
  });
});
