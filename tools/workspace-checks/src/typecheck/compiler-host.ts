// One compiler host for every program of the run, so that each file is read and parsed once: a
// parsed SourceFile is shared by every program whose options parse and bind it alike (lib.dom.d.ts,
// @types/node and the libs' sources, which each of their importers' own tsc parses again). The
// TypeScript language service shares SourceFiles between projects the same way (its document
// registry); the checker keeps what it learns about a file outside the SourceFile, per program.
import ts from 'typescript';
import { optionsKey } from './plan.ts';

type SourceFileOptions = Parameters<ts.CompilerHost['getSourceFile']>[1];

/**
 * The options a SourceFile depends on: those TypeScript marks as changing how a file is parsed or
 * bound, and `strict`, from which `alwaysStrict` (one of them) takes its default.
 */
const PARSE_OPTIONS: readonly string[] = [
  ...(
    ts as unknown as {
      optionDeclarations: {
        name: string;
        affectsSourceFile?: boolean;
        affectsBindDiagnostics?: boolean;
      }[];
    }
  ).optionDeclarations
    .filter((option) => option.affectsSourceFile || option.affectsBindDiagnostics)
    .map((option) => option.name),
  'strict',
];

export function parseOptionsKey(options: ts.CompilerOptions): string {
  return JSON.stringify(PARSE_OPTIONS.map((name) => [name, options[name] ?? null]));
}

function memoize<R>(fn: (argument: string) => R): (argument: string) => R {
  const cache = new Map<string, R>();
  return (argument) => {
    if (!cache.has(argument)) cache.set(argument, fn(argument));
    return cache.get(argument) as R;
  };
}

export interface SharedHost {
  /** A compiler host for a program with these options, sharing files with every other. */
  hostFor(options: ts.CompilerOptions): ts.CompilerHost;
  /** How many files were parsed, and how many times a parsed one was handed out again. */
  stats(): { parsed: number; reused: number };
}

export function createSharedHost(currentDirectory: string): SharedHost {
  const system: Pick<
    ts.CompilerHost,
    'fileExists' | 'readFile' | 'directoryExists' | 'realpath' | 'getDirectories'
  > = {
    fileExists: memoize(ts.sys.fileExists),
    readFile: memoize((file) => ts.sys.readFile(file)),
    directoryExists: memoize(ts.sys.directoryExists),
    realpath: ts.sys.realpath && memoize(ts.sys.realpath),
    getDirectories: memoize(ts.sys.getDirectories),
  };
  const sourceFiles = new Map<string, ts.SourceFile | undefined>();
  // A module name resolves alike from the same folder under the same options (and files), so the
  // programs of identical options share their resolutions instead of each resolving every import
  // again (tsc's own program keeps such a cache for itself).
  const canonicalFileName = (fileName: string) =>
    ts.sys.useCaseSensitiveFileNames ? fileName : fileName.toLowerCase();
  const resolutionCaches = new Map<string, ts.ModuleResolutionCache>();
  const resolutionCacheFor = (options: ts.CompilerOptions) => {
    const key = optionsKey(options);
    const cache =
      resolutionCaches.get(key) ??
      ts.createModuleResolutionCache(currentDirectory, canonicalFileName, options);
    resolutionCaches.set(key, cache);
    return cache;
  };
  let parsed = 0;
  let reused = 0;

  function hostFor(options: ts.CompilerOptions): ts.CompilerHost {
    const base = ts.createCompilerHost(options);
    const parseKey = parseOptionsKey(options);
    const resolutionCache = resolutionCacheFor(options);
    const host: ts.CompilerHost = {
      ...base,
      ...system,
      getCurrentDirectory: () => currentDirectory,
      getModuleResolutionCache: () => resolutionCache,
      // As TypeScript's program resolves when its host does not (loadWithModeAwareCache).
      resolveModuleNameLiterals: (literals, containingFile, redirectedReference, _, file) =>
        literals.map((literal) =>
          ts.resolveModuleName(
            literal.text,
            containingFile,
            options,
            host,
            resolutionCache,
            redirectedReference,
            ts.getModeForUsageLocation(file, literal, options),
          ),
        ),
      getSourceFile(fileName, languageVersionOrOptions: SourceFileOptions, onError) {
        const fileOptions =
          typeof languageVersionOrOptions === 'object'
            ? languageVersionOrOptions
            : { languageVersion: languageVersionOrOptions };
        const key = JSON.stringify([
          fileName,
          parseKey,
          fileOptions.languageVersion,
          fileOptions.impliedNodeFormat ?? null,
          fileOptions.jsDocParsingMode ?? null,
        ]);
        if (sourceFiles.has(key)) {
          reused += 1;
          return sourceFiles.get(key);
        }
        const text = system.readFile(fileName);
        if (text === undefined) onError?.(`Cannot read file '${fileName}'.`);
        const sourceFile =
          text === undefined
            ? undefined
            : ts.createSourceFile(fileName, text, languageVersionOrOptions, false);
        parsed += 1;
        sourceFiles.set(key, sourceFile);
        return sourceFile;
      },
    };
    return host;
  }

  return { hostFor, stats: () => ({ parsed, reused }) };
}
