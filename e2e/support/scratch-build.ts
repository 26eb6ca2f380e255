import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { WORKSPACE_ROOT } from './workspace';
import type { VariantRequest } from './build-variant';

/** Builds a variant of a remote into its own folder (no change to apps/) and returns its dist/. */
export function buildRemoteVariant(request: VariantRequest): string {
  const node = path.join(WORKSPACE_ROOT, 'node_modules/.bin/node');
  return execFileSync(
    node,
    [path.join(WORKSPACE_ROOT, 'e2e/support/build-variant.ts'), JSON.stringify(request)],
    {
      cwd: WORKSPACE_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  ).trim();
}
