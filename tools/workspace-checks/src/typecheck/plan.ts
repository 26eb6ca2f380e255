// Which projects' tsconfigs can be checked in one program without checking any file otherwise than
// its own project's `tsc -p` does. Each file is checked with its program's options and sees its
// program's global scope (the rest it sees only by importing, and an import resolves the same from
// the same file under the same options). So projects share a program when their compiler options
// are identical and their own programs have the same files that reach the global scope
// (global-scope.ts); the program's root files are the union of theirs. A file is checked in its own
// project's program, and again only where stricter options could find more in it (ownership.ts).
import path from 'node:path';
import ts from 'typescript';
import type { TypecheckedProject } from '../project-scripts.ts';
import type { SharedHost } from './compiler-host.ts';
import { globalScopeFiles } from './global-scope.ts';
import { checkedFiles, fileOwners } from './ownership.ts';

export interface ProjectConfig {
  name: string;
  tsconfig: string;
  parsed: ts.ParsedCommandLine;
}

/** One program to check: the projects it stands for, its root files and options. */
export interface ProgramPlan {
  projects: ProjectConfig[];
  rootNames: string[];
  options: ts.CompilerOptions;
  /** The files of it that reach the global scope, the same in each of its projects' own programs. */
  globalScope: string[];
  /** The files of each of its projects' own programs, by project name: whose check a file is part of. */
  filesOf: ReadonlyMap<string, ReadonlySet<string>>;
  /** The files of it it checks (ownership.ts): its projects' own, not those it only imports. */
  checked: ReadonlySet<string>;
  /**
   * For a program of one project: that project's own program, made while planning, which is the
   * program to check (made once, not twice; check.ts takes it, so that the plan then holds no program).
   */
  ownProgram?: ts.Program;
}

/** Each project's tsconfig as its `tsc -p` reads it (extends, include, exclude, errors). */
export function readConfigs(projects: readonly TypecheckedProject[]): ProjectConfig[] {
  const extendedConfigCache = new Map<string, ts.ExtendedConfigCacheEntry>();
  return projects.map(({ name, tsconfig }) => {
    let unrecoverable: ts.Diagnostic | undefined;
    const parsed = ts.getParsedCommandLineOfConfigFile(
      tsconfig,
      undefined,
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (error) => (unrecoverable = error) },
      extendedConfigCache,
    );
    if (!parsed || unrecoverable) {
      const reason = unrecoverable
        ? ts.flattenDiagnosticMessageText(unrecoverable.messageText, '\n')
        : 'unreadable';
      throw new Error(`${name}: ${path.relative(process.cwd(), tsconfig)}: ${reason}`);
    }
    if (parsed.projectReferences?.length)
      throw new Error(`${name}: ${tsconfig} has project references, which tsc -p builds apart`);
    return { name, tsconfig, parsed };
  });
}

/** The compiler options, but for the file they were read from: equal keys, identical options. */
export function optionsKey(options: ts.CompilerOptions): string {
  const { configFilePath: _configFilePath, ...rest } = options;
  return JSON.stringify(
    Object.fromEntries(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1))),
  );
}

/** A project's own program, as its `tsc -p` makes it (its files read through the shared host). */
export function projectProgram(config: ProjectConfig, host: SharedHost): ts.Program {
  return ts.createProgram({
    rootNames: config.parsed.fileNames,
    options: config.parsed.options,
    host: host.hostFor(config.parsed.options),
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config.parsed),
  });
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()];
}

/**
 * The programs to check: the projects grouped by identical options, then by the global scope of
 * their own programs (made here without checking them, from files parsed once for all); then
 * which of their files each checks.
 */
export function planPrograms(configs: readonly ProjectConfig[], host: SharedHost): ProgramPlan[] {
  const plans: ProgramPlan[] = groupBy(configs, (config) =>
    optionsKey(config.parsed.options),
  ).flatMap((sameOptions) => {
    const own = new Map<
      ProjectConfig,
      { globalScope: string[]; files: Set<string>; program: ts.Program }
    >();
    for (const config of sameOptions) {
      const program = projectProgram(config, host);
      const files = new Set(program.getSourceFiles().map((file) => file.fileName));
      own.set(config, { globalScope: globalScopeFiles(program), files, program });
    }
    const scopeOf = (config: ProjectConfig) => own.get(config)?.globalScope ?? [];
    return groupBy(sameOptions, (config) => JSON.stringify(scopeOf(config))).map((projects) => ({
      projects,
      rootNames: [...new Set(projects.flatMap((config) => config.parsed.fileNames))].sort(),
      options: projects[0].parsed.options,
      globalScope: scopeOf(projects[0]),
      filesOf: new Map(
        projects.map((config) => [config.name, own.get(config)?.files ?? new Set<string>()]),
      ),
      ownProgram: projects.length === 1 ? own.get(projects[0])?.program : undefined,
      checked: new Set<string>(),
    }));
  });
  const checked = checkedFiles(plans, fileOwners(configs));
  return plans.map((plan, index) => ({ ...plan, checked: checked[index] }));
}
