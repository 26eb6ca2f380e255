// A remote's browser build has output.publicPath 'auto' on purpose: its chunks load from wherever its
// remoteEntry.js was loaded from, so one build serves any origin the runtime config names
// (docs/architecture.md, "Runtime configuration"). The manifest plugin of Module Federation says so
// as a warning on every build and every `npm start`, one line per remote, and has no option to leave
// it out: its check reads output.publicPath alone. Its `getPublicPath` option would not help either:
// it puts a function's source into mf-manifest.json, which the host runs with `new Function`, and
// the site's Content-Security-Policy allows no 'unsafe-eval' (tools/host/src/header-rules.ts).
// So this drops that one line, through rspack's own hook for infrastructure logs; every other line
// of the plugin, and any other warning, still prints.
import type { Compiler } from '@rspack/core';

const PLUGIN = 'AutoPublicPathNoticePlugin';
const MANIFEST_LOGGER = 'Module Federation Manifest Plugin';
export const AUTO_PUBLIC_PATH_NOTICE =
  "Manifest will use absolute path resolution via its host at runtime, reason: publicPath='auto'";

/** Applied before the federation plugin, whose manifest check logs as soon as it is applied. */
export class AutoPublicPathNoticePlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.infrastructureLog.tap(PLUGIN, (name, type, args) =>
      name === MANIFEST_LOGGER &&
      type === 'warn' &&
      args.some((arg: unknown) => String(arg).includes(AUTO_PUBLIC_PATH_NOTICE))
        ? true
        : undefined,
    );
  }
}
