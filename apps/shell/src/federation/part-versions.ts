// Which build of a remote's module a prerendered page shows, so the browser can tell when the HTML
// is stale: the remote was deployed again after the page was rendered (docs/prerendering.md).
//
// A module's version is a hash of the content-hashed names of the files its remote's mf-manifest.json
// lists as its synchronous chunks: the code that renders its first screen, so the version changes
// whenever that markup can. (The manifest's asynchronous list also names chunks of other modules, so
// it would call every page stale after any release.) Code a part loads lazily is not covered: its
// text differences React still finds by itself, its attribute differences it would not. The
// federation runtime reads the same manifest in Node (the prerender) and in the browser, so both
// sides compute the same version.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** The id of the JSON script in a prerendered page listing the module versions it was rendered from. */
const PRERENDERED_PARTS_ID = 'prerendered-parts';

/** The script a prerendered page carries after #root: `remote/Module` → version, as JSON. */
export function prerenderedPartsScript(parts: Record<string, string>): string {
  // Escaped so that no value can end the script element or open a comment in it.
  const json = JSON.stringify(parts).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
  return `<script type="application/json" id="${PRERENDERED_PARTS_ID}">${json}</script>`;
}

/** `remote/Module` → version, as the runtime has read them from the manifests. */
const versions = new Map<string, string>();

/** FNV-1a (32 bit), base 36: enough to tell two builds apart, and synchronous. */
export function versionHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** One module of a remote's snapshot (the runtime's form of its mf-manifest.json `exposes`). */
export interface SnapshotModule {
  moduleName?: string;
  modulePath?: string;
  assets?: { js?: { sync?: readonly string[] } };
}

/** `remote/Module` → version for every module a remote's snapshot lists. */
export function moduleVersions(
  remote: string,
  modules: readonly SnapshotModule[],
): Map<string, string> {
  const result = new Map<string, string>();
  for (const module of modules) {
    const files = [...(module.assets?.js?.sync ?? [])].sort();
    const name = (module.modulePath ?? module.moduleName ?? '').replace(/^\.\//, '');
    if (name) result.set(`${remote}/${name}`, versionHash(files.join('|')));
  }
  return result;
}

/** Records each module's version when the runtime reads a remote's manifest. */
export function partVersionPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'agentora-part-versions',
    async afterLoadSnapshot(args) {
      const snapshot = args.remoteSnapshot as { modules?: SnapshotModule[] } | undefined;
      for (const [id, version] of moduleVersions(args.moduleInfo.name, snapshot?.modules ?? []))
        versions.set(id, version);
      return args;
    },
  };
}

/** The version of `remote/Module` the runtime loads, once it has read that remote's manifest. */
export function partVersion(id: string): string | undefined {
  return versions.get(id);
}

export class StaleMarkupError extends Error {
  override name = 'StaleMarkupError';
}

let fromHtml: Map<string, string> | undefined;

function prerenderedVersions(): Map<string, string> {
  if (!fromHtml) {
    fromHtml = new Map();
    const script =
      typeof document === 'undefined' ? null : document.getElementById(PRERENDERED_PARTS_ID);
    try {
      for (const [id, version] of Object.entries(
        JSON.parse(script?.textContent || '{}') as Record<string, unknown>,
      ))
        if (typeof version === 'string') fromHtml.set(id, version);
    } catch {
      // Unreadable: nothing to compare, React's own checks still apply.
    }
  }
  return fromHtml;
}

let landingParts: Set<string> | undefined;

/**
 * True, once, for a part that the prerendered page the visitor landed on shows: its first render
 * adopts that HTML. Any later render of the part (after a navigation) is the browser's own.
 */
export function takeLandingPart(id: string): boolean {
  landingParts ??= new Set(prerenderedVersions().keys());
  return landingParts.delete(id);
}

/** Parts rendered by the server since the last takeServerRenderedParts(). */
const renderedOnServer = new Set<string>();

/** The parts the server has rendered since the last call: what a prerendered page shows. */
export function takeServerRenderedParts(): string[] {
  const ids = [...renderedOnServer];
  renderedOnServer.clear();
  return ids;
}

/**
 * Called when a part renders. On the server, notes it for the page's list of versions. In the
 * browser, on the part's first render: when the page's HTML holds this part from another build, it
 * throws, and React, hydrating, renders that part's Suspense boundary on the client instead of
 * adopting the old markup (production React would keep old attributes, styled-components class
 * names included, without a word). Only once per part: the render that follows passes.
 */
export function checkPartVersion(id: string): void {
  if (typeof document === 'undefined') {
    renderedOnServer.add(id);
    return;
  }
  const anew = toRenderAnew.get(id);
  if (anew !== undefined) {
    toRenderAnew.delete(id);
    prerenderedVersions().delete(id);
    throw new StaleMarkupError(`${id}: ${anew}`);
  }
  const html = prerenderedVersions();
  const rendered = html.get(id);
  if (rendered === undefined) return;
  html.delete(id);
  const current = partVersion(id);
  if (current !== undefined && current !== rendered) {
    throw new StaleMarkupError(
      `${id}: the page was rendered from build ${rendered}, this is build ${current}.`,
    );
  }
}

/** Landing parts whose HTML is not what they show at this address, and why. */
const toRenderAnew = new Map<string, string>();

/**
 * The landing part `id` shows something its HTML cannot (the page was opened with a query its
 * prerendered HTML was rendered without: SiteRoute.hydrateAtLoadWith): on its first render it is
 * rendered anew, as a stale part is, instead of adopted, which would be a hydration mismatch.
 */
export function renderPartAnew(id: string, reason: string): void {
  toRenderAnew.set(id, reason);
}

/** Forgets what was read from the page (tests render many pages in one document). */
export function resetPrerenderedVersions(): void {
  fromHtml = undefined;
  landingParts = undefined;
  toRenderAnew.clear();
  versions.clear();
  renderedOnServer.clear();
}
