// How every command of the repo reads its arguments, so they all behave alike: `--help` prints the
// command's usage on stdout and exits 0; an unknown option, a missing value or a wrong positional
// prints one line on stderr, naming the problem and pointing at --help, and exits 2. Nothing has
// been read or changed by then.
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The values of a command's options, as parseArgs gives them. */
export type OptionValues<O extends Options> = {
  [K in keyof O]?: O[K]['type'] extends 'boolean'
    ? O[K]['multiple'] extends true
      ? boolean[]
      : boolean
    : O[K]['multiple'] extends true
      ? string[]
      : string;
};

export interface CommandLineSpec<O extends Options> {
  /** The command as a person types it: `npm run staff`. */
  command: string;
  /** The whole usage text, printed for --help. */
  usage: string;
  options: O;
  /** Whether the command takes positionals (default false). */
  positionals?: boolean;
  /** The arguments (default the process's). */
  args?: string[];
  /** The environment npm runs the command in (default the process's). */
  env?: NodeJS.ProcessEnv;
}

export interface Exit {
  code: number;
  stdout?: string;
  stderr?: string;
}

/** Thrown where a command would exit; `readCommandLine` turns it into the exit itself. */
export class CommandLineExit extends Error {
  readonly exit: Exit;
  constructor(exit: Exit) {
    super(exit.stderr ?? exit.stdout ?? '');
    this.exit = exit;
  }
}

/** Parses without exiting: the values and positionals, or the exit a command must make. */
export function parseCommandLine<O extends Options>(spec: CommandLineSpec<O>) {
  const hint = `(${spec.command} -- --help)`;
  let parsed;
  try {
    parsed = parseArgs({
      args: spec.args ?? process.argv.slice(2),
      options: { ...spec.options, help: { type: 'boolean' as const } },
      allowPositionals: spec.positionals ?? false,
      strict: true,
    });
  } catch (error) {
    const message = (error as Error).message.split('\n')[0];
    throw new CommandLineExit({ code: 2, stderr: `${spec.command}: ${message} ${hint}` });
  }
  if ((parsed.values as { help?: boolean }).help)
    throw new CommandLineExit({ code: 0, stdout: spec.usage });
  /** Refuses the command line with one line and exit 2 (a wrong positional, a bad value). */
  const refuse = (problem: string): never => {
    throw new CommandLineExit({ code: 2, stderr: `${spec.command}: ${problem} ${hint}` });
  };
  // `npm run x --dry-run …` (before `--`) is npm's own option: npm keeps it, and the command would run
  // without its dry run, for real. A command that has a --dry-run refuses to run that way.
  if ('dry-run' in spec.options && (spec.env ?? process.env).npm_config_dry_run === 'true')
    refuse(
      `npm took --dry-run for itself: options go after -- (${spec.command} -- … --dry-run <dir>).`,
    );
  return { values: parsed.values as OptionValues<O>, positionals: parsed.positionals, refuse };
}

/**
 * The command line of this process: exits on --help (0) or a wrong argument (2); `refuse` does the
 * same for what only the command can check.
 */
export function readCommandLine<O extends Options>(spec: CommandLineSpec<O>) {
  try {
    const parsed = parseCommandLine(spec);
    return {
      ...parsed,
      refuse: (problem: string): never => {
        try {
          return parsed.refuse(problem);
        } catch (error) {
          return exitWith((error as CommandLineExit).exit);
        }
      },
    };
  } catch (error) {
    if (error instanceof CommandLineExit) return exitWith(error.exit);
    throw error;
  }
}

function exitWith(exit: Exit): never {
  if (exit.stdout) process.stdout.write(`${exit.stdout.trimEnd()}\n`);
  if (exit.stderr) process.stderr.write(`${exit.stderr.trimEnd()}\n`);
  process.exit(exit.code);
}
