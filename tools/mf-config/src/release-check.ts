// Whether a built remote may go live next to the shell that is deployed: the checks its build made
// (the contract, the shared modules the shell provides), plus the version policy's hard line, a
// shared singleton built against another major than the shell provides. The release commands
// (tools/delivery/src/releases.ts) refuse a canary that fails them, before any visitor loads it.
import type { RemoteName } from '@agentora/contracts';
import {
  exposeContractError,
  sharedContractError,
  type ManifestExposes,
} from './expose-contract.ts';
import { majorOf } from './runtime/major-version-guard.ts';
import { providedByShell } from './shared.ts';

export interface ReleaseManifest extends ManifestExposes {
  shared?: ReadonlyArray<{ name: string; requiredVersion?: string }>;
}

/** Why this build of `remote` must not be released, or undefined when it may. */
export function releaseCheckError(
  remote: RemoteName,
  manifest: ReleaseManifest,
): string | undefined {
  const contract = exposeContractError(remote, manifest) ?? sharedContractError(remote, manifest);
  if (contract) return contract;
  const provided: Record<string, { version: string }> = providedByShell();
  for (const shared of manifest.shared ?? []) {
    const shell = provided[shared.name];
    const wanted = shared.requiredVersion ? majorOf(shared.requiredVersion) : undefined;
    const has = shell ? majorOf(shell.version) : undefined;
    if (wanted !== undefined && has !== undefined && wanted !== has)
      return `The "${remote}" build needs ${shared.name} ${shared.requiredVersion}, but the shell provides ${shell!.version}: another major cannot be shared.`;
  }
  return undefined;
}
