// The build-time check of a remote's Module Federation contract: the shell loads what the built
// mf-manifest.json exposes, so that is what must match @agentora/contracts; and the remote may
// consume only the shared modules the shell provides. Runs in the remote's
// production build, right after Module Federation has written the manifest; a mismatch fails the
// build (nothing is emitted), naming each module that is missing or extra.
import type { Compiler } from '@rspack/core';
import { REMOTE_EXPOSES, type RemoteName } from '@agentora/contracts';
import { PROVIDED_BY_SHELL } from './shared.ts';

/** The part of a built mf-manifest.json the check reads. */
export interface ManifestExposes {
  name: string;
  exposes: ReadonlyArray<{ path: string }>;
  shared?: ReadonlyArray<{ name: string }>;
}

export interface ExposeMismatch {
  /** Contract names the build does not expose. */
  missing: string[];
  /** Names the build exposes that the contract does not list. */
  extra: string[];
}

/** How a built manifest differs from the remote's contract (both lists empty: it honours it). */
export function exposeMismatch(remote: RemoteName, manifest: ManifestExposes): ExposeMismatch {
  const contract: readonly string[] = REMOTE_EXPOSES[remote];
  const built = manifest.name === remote ? manifest.exposes.map((expose) => expose.path) : [];
  return {
    missing: contract.filter((name) => !built.includes(name)),
    extra: built.filter((name) => !contract.includes(name)),
  };
}

/** The build error for a mismatch, or undefined when the manifest honours the contract. */
export function exposeContractError(
  remote: RemoteName,
  manifest: ManifestExposes,
): string | undefined {
  const { missing, extra } = exposeMismatch(remote, manifest);
  if (manifest.name !== remote)
    return `mf-manifest.json is named "${manifest.name}", but this build is the "${remote}" remote.`;
  if (missing.length === 0 && extra.length === 0) return undefined;
  const problems = [
    ...(missing.length > 0 ? [`it does not expose ${missing.join(', ')}`] : []),
    ...(extra.length > 0
      ? [`it exposes ${extra.join(', ')}, which the contract does not list`]
      : []),
  ];
  return (
    `The "${remote}" build breaks its contract in libs/contracts/src/index.ts: ${problems.join('; ')}. ` +
    "Add the module to the contract (REMOTE_EXPOSES and the remote's interface) or to src/exposed/, so both agree."
  );
}

/**
 * The error for a remote that consumes a shared module the shell does not provide (it would run on
 * a copy of its own, a second React or router on the page), or undefined.
 */
export function sharedContractError(
  remote: RemoteName,
  manifest: ManifestExposes,
): string | undefined {
  const provided: readonly string[] = PROVIDED_BY_SHELL;
  const unprovided = (manifest.shared ?? [])
    .map((shared) => shared.name)
    .filter((name) => !provided.includes(name));
  if (unprovided.length === 0) return undefined;
  return (
    `The "${remote}" build consumes ${unprovided.join(', ')} from the shared scope, which the shell does not provide. ` +
    'Add it to PROVIDED_BY_SHELL in libs/contracts/src/shared-modules.ts and to the modules the shell hands over (apps/shell/src/federation/shared-modules.ts).'
  );
}

const PLUGIN = 'ExposeContractPlugin';
const MANIFEST_FILE = 'mf-manifest.json';

/** Fails the build of `remote` when its mf-manifest.json does not expose exactly its contract. */
export class ExposeContractPlugin {
  private readonly remote: RemoteName;

  constructor(remote: RemoteName) {
    this.remote = remote;
  }

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      // REPORT is the last stage: Module Federation writes the manifest in an earlier one.
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const asset = compilation.getAsset(MANIFEST_FILE);
          const manifest = asset
            ? (JSON.parse(asset.source.source().toString()) as ManifestExposes)
            : undefined;
          const errors = manifest
            ? [
                exposeContractError(this.remote, manifest),
                sharedContractError(this.remote, manifest),
              ]
            : [
                `The "${this.remote}" build wrote no ${MANIFEST_FILE}, so the shell could not load it.`,
              ];
          for (const error of errors)
            if (error) compilation.errors.push(new compiler.webpack.WebpackError(error));
        },
      );
    });
  }
}
