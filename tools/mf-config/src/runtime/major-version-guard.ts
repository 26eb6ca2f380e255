// Bundled into every app as a Module Federation runtime plugin (see federation.ts and server-config.ts).
//
// The site's version policy for shared singletons (docs/architecture.md, "Shared packages and the
// version policy"):
// - a remote built against a newer minor/patch than the page provides runs on the page's copy, and
//   the federation runtime logs a console warning naming both versions;
// - a remote built against another major cannot run on the page's copy (React, the router and
//   styled-components break across majors), so loading it fails with a clear error, which the shell's
//   boundary turns into that area's "temporarily unavailable" message. The rest of the site works.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export class SharedMajorMismatchError extends Error {
  override name = 'SharedMajorMismatchError';
}

/** The major version a version or semver range names ('19.3.1' and '^19.3.1' → 19, '~5.1' → 5, '>=2' → 2), if any. */
export function majorOf(versionOrRange: string): number | undefined {
  const match = /(\d+)/.exec(versionOrRange);
  return match ? Number(match[1]) : undefined;
}

export function majorVersionGuard(): ModuleFederationRuntimePlugin {
  return {
    name: 'agentora-major-version-guard',
    resolveShare(args) {
      const { shareConfig, from } = args.shareInfo;
      const required = shareConfig?.requiredVersion;
      if (!shareConfig?.singleton || typeof required !== 'string') return args;
      const wanted = majorOf(required);
      const provided = majorOf(args.version);
      if (wanted === undefined || provided === undefined || wanted === provided) return args;
      return {
        ...args,
        resolver: () => {
          throw new SharedMajorMismatchError(
            `"${from}" was built for ${args.pkgName} ${required}, but this page runs ${args.pkgName} ${args.version}: ` +
              `a different major version cannot be shared, so "${from}" is not loaded. Rebuild it against ${args.pkgName} ${provided}.x.`,
          );
        },
      };
    },
  };
}

export default majorVersionGuard;
