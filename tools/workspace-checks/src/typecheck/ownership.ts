// Which program checks a file. Each project's own `tsc -p` checks every file of its program, the
// files it imports from other projects too (libs/data in twenty-odd programs, supabase/functions in
// all). Here, as `tsc -b` would, a file is checked in the program of the project whose tsconfig
// includes it, its owner; an importer's program still holds it (its own files need its types) but
// does not check its body again, unless the importer's options could find more in it.
import type ts from 'typescript';
import type { ProgramPlan, ProjectConfig } from './plan.ts';

export type FileOwners = ReadonlyMap<string, readonly ProjectConfig[]>;

/** Each file of a tsconfig's root files, with the project(s) whose tsconfig includes it. */
export function fileOwners(configs: readonly ProjectConfig[]): Map<string, ProjectConfig[]> {
  const owners = new Map<string, ProjectConfig[]>();
  for (const config of configs)
    for (const file of config.parsed.fileNames)
      owners.set(file, [...(owners.get(file) ?? []), config]);
  return owners;
}

/** Flags that only add errors when on: an importer with one on that its owner has off finds more. */
const STRICTER_WHEN_ON: readonly string[] = [
  'erasableSyntaxOnly',
  'exactOptionalPropertyTypes',
  'noFallthroughCasesInSwitch',
  'noImplicitOverride',
  'noImplicitReturns',
  'noPropertyAccessFromIndexSignature',
  'noUncheckedIndexedAccess',
  'noUnusedLocals',
  'noUnusedParameters',
];

/**
 * The options by which a program of `importer`'s options could find errors in a file that its
 * owner's program does not: a flag of STRICTER_WHEN_ON the owner has off; fewer `types` (a file may
 * use a global of a package its owner's tsconfig names, as a test helper uses jest's `expect`); any
 * other difference (lib, jsx, module, the strict family), of which none is known to be harmless.
 */
export function stricterOptions(importer: ts.CompilerOptions, owner: ts.CompilerOptions): string[] {
  const names = new Set([...Object.keys(importer), ...Object.keys(owner)]);
  names.delete('configFilePath');
  return [...names].sort().filter((name) => {
    if (JSON.stringify(importer[name]) === JSON.stringify(owner[name])) return false;
    if (STRICTER_WHEN_ON.includes(name)) return Boolean(importer[name]) && !owner[name];
    // No `types` means every @types package: fewer when the other names a list.
    if (name === 'types')
      return (
        importer.types !== undefined &&
        (owner.types ?? ['*']).some((type) => !importer.types?.includes(type))
      );
    return true;
  });
}

/**
 * Which files each program checks: its own projects' files; a file of no project (JSON, a .d.ts
 * outside every tsconfig) wherever it is held, as before; another project's file again where the
 * options are stricter than its owner's, in one program of each such set of options (a program that
 * another holding the file matches or exceeds in every option adds nothing; of alike ones, the
 * first counts). Programs of alike options differ only in their global scope: a file is checked in
 * its owner's, as its owner's tsc checks it.
 */
export function checkedFiles(plans: readonly ProgramPlan[], owners: FileOwners): Set<string>[] {
  const filesOf = plans.map(
    (plan) => new Set([...plan.filesOf.values()].flatMap((files) => [...files])),
  );
  const checked = plans.map(() => new Set<string>());
  for (const file of new Set(filesOf.flatMap((files) => [...files]))) {
    const holding = filesOf.flatMap((files, index) => (files.has(file) ? [index] : []));
    const ownersOfFile = owners.get(file);
    const ownedBy = (index: number) =>
      ownersOfFile?.some((owner) => plans[index].projects.includes(owner));
    const stricter = holding.filter(
      (index) =>
        !ownedBy(index) &&
        ownersOfFile?.some(
          (owner) => stricterOptions(plans[index].options, owner.parsed.options).length,
        ),
    );
    const covers = (by: number, index: number) =>
      stricterOptions(plans[index].options, plans[by].options).length === 0;
    const needed = stricter.filter(
      (index) =>
        !stricter.some(
          (by) => by !== index && covers(by, index) && (!covers(index, by) || by < index),
        ),
    );
    for (const index of holding)
      if (!ownersOfFile || ownedBy(index) || needed.includes(index)) checked[index].add(file);
  }
  return checked;
}
