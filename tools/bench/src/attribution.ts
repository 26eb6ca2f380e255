// Chunk → package attribution. rspack's stats say which modules each output file holds and their
// sizes before minification; a loaded file's transferred bytes are split between packages in
// proportion to those sizes. Minification and compression shrink packages unevenly (app TypeScript
// loses more than already-minified library builds), so the split is an estimate; the totals per file
// are measured.
import path from 'node:path';
import type { PackageShare } from './measurements.ts';

export const LABELS = {
  reactDom: 'react-dom (+scheduler)',
  react: 'react',
  router: 'react-router (+cookie, set-cookie-parser)',
  mfRuntime: 'MF runtime (@module-federation)',
  bundlerRuntime: 'rspack runtime (chunk loading, MF glue)',
  mfPlugins: 'MF runtime plugins (tools/mf-config)',
  styled: 'styled-components (+stylis, @emotion)',
  supabase: '@supabase (+iceberg-js)',
  markdown: 'react-markdown (+unified/remark/micromark)',
  unknown: 'unattributed',
} as const;

const MARKDOWN_PACKAGES =
  /^(react-markdown|remark-.*|rehype-.*|mdast-.*|micromark.*|unist-.*|unified|bail|is-plain-obj|trough|vfile.*|decode-named-character-reference|character-entities.*|character-reference-invalid|is-alphabetical|is-alphanumerical|is-decimal|is-hexadecimal|property-information|hast-.*|space-separated-tokens|comma-separated-tokens|estree-util-.*|html-url-attributes|devlop|ccount|escape-string-regexp|markdown-table|longest-streak|zwitch|trim-lines|html-void-elements|web-namespaces|stringify-entities|inline-style-parser|style-to-.*|extend)$/;

/** The package a node_modules path belongs to (the innermost node_modules wins). */
export function packageNameOf(modulePath: string): string | undefined {
  const marker = 'node_modules/';
  const at = modulePath.lastIndexOf(marker);
  if (at < 0) return undefined;
  const [first, second] = modulePath.slice(at + marker.length).split('/');
  if (!first) return undefined;
  return first.startsWith('@') && second ? `${first}/${second}` : first;
}

export function labelForPackage(name: string): string {
  if (name === 'react-dom' || name === 'scheduler') return LABELS.reactDom;
  if (name === 'react') return LABELS.react;
  if (
    name === 'react-router' ||
    name === 'react-router-dom' ||
    name === 'cookie' ||
    name === 'set-cookie-parser'
  )
    return LABELS.router;
  if (name.startsWith('@module-federation/')) return LABELS.mfRuntime;
  if (name === 'styled-components' || name === 'stylis' || name.startsWith('@emotion/'))
    return LABELS.styled;
  if (name.startsWith('@supabase/') || name === 'iceberg-js') return LABELS.supabase;
  if (MARKDOWN_PACKAGES.test(name)) return LABELS.markdown;
  return name;
}

const FEDERATION_STUBS =
  /^(provide shared module|consume shared module|container entry|remote |external |fallback )/;

/**
 * The label of one module of the stats, named as rspack names it (relative to the app's folder,
 * e.g. "./src/index.ts", "../../node_modules/react/index.js", "../../libs/ui/src/index.ts + 18 modules").
 * `appDir` is the app's folder relative to the workspace root, e.g. "apps/shell".
 */
export function labelForModule(moduleName: string | undefined, appDir: string): string {
  if (!moduleName) return LABELS.unknown;
  // "@module-federation/runtime/rspack.js!=!data:text/javascript,…": the MF runtime's bootstrap module.
  const request = moduleName.includes('!=!')
    ? moduleName.slice(0, moduleName.indexOf('!=!'))
    : moduleName.slice(moduleName.lastIndexOf('!') + 1);
  if (FEDERATION_STUBS.test(request)) return LABELS.mfRuntime;
  if (request.startsWith('webpack/runtime/') || request.startsWith('rspack/runtime/'))
    return LABELS.bundlerRuntime;
  const file = request.replace(/ \+ \d+ modules?$/, '');
  const pkg = packageNameOf(file);
  if (pkg) return labelForPackage(pkg);
  if (file.startsWith('@module-federation/')) return LABELS.mfRuntime;
  const fromRoot = path.posix.isAbsolute(file)
    ? file
    : path.posix.normalize(path.posix.join(appDir, file));
  const [top, name] = fromRoot.replace(/^\/+/, '').split('/');
  if (top === 'apps' && name) return `app code: ${name}`;
  if (top === 'libs' && name) return `lib: @agentora/${name}`;
  if (top === 'tools' && name === 'mf-config') return LABELS.mfPlugins;
  if (top === 'tools' && name) return `tools/${name}`;
  // Absolute paths (rspack names modules outside the context so sometimes) keep their tail.
  const workspaceMatch = /\/(apps|libs)\/([^/]+)\//.exec(fromRoot);
  if (workspaceMatch)
    return workspaceMatch[1] === 'apps'
      ? `app code: ${workspaceMatch[2]}`
      : `lib: @agentora/${workspaceMatch[2]}`;
  return LABELS.unknown;
}

// The parts of rspack's stats JSON that are read (stats.toJson with chunks, chunkModules, nestedModules).
export interface StatsModule {
  name?: string;
  size?: number;
  moduleType?: string;
  modules?: StatsModule[];
}

export interface StatsChunk {
  id?: string | number | null;
  names?: string[];
  files?: string[];
  sizes?: Record<string, number>;
  modules?: StatsModule[];
}

export interface StatsJson {
  chunks?: StatsChunk[];
}

export interface ChunkComposition {
  file: string;
  id: string;
  names: string[];
  /** Bytes (pre-minification) per label, summing to the chunk's size. */
  parts: Map<string, number>;
}

function addPart(parts: Map<string, number>, label: string, size: number) {
  if (size > 0) parts.set(label, (parts.get(label) ?? 0) + size);
}

function collectModules(
  modules: readonly StatsModule[],
  appDir: string,
  parts: Map<string, number>,
) {
  for (const module of modules) {
    // A concatenated module lists its members; their sizes are what it is made of.
    if (module.modules && module.modules.length > 0 && module.modules.some((inner) => inner.name)) {
      collectModules(module.modules, appDir, parts);
    } else {
      addPart(parts, labelForModule(module.name, appDir), module.size ?? 0);
    }
  }
}

/** One composition per JS file of the build (a chunk can emit several files; CSS is skipped). */
export function chunkCompositions(stats: StatsJson, appDir: string): ChunkComposition[] {
  const compositions: ChunkComposition[] = [];
  for (const chunk of stats.chunks ?? []) {
    const files = (chunk.files ?? []).filter((file) => file.endsWith('.js'));
    if (files.length === 0) continue;
    const parts = new Map<string, number>();
    collectModules(chunk.modules ?? [], appDir, parts);
    // Runtime modules are not in `modules`, only in `sizes` (rspack's chunk loading and the MF glue).
    const listsRuntime = (chunk.modules ?? []).some(
      (module) => module.moduleType === 'runtime' || module.name?.startsWith('webpack/runtime/'),
    );
    if (!listsRuntime) addPart(parts, LABELS.bundlerRuntime, chunk.sizes?.runtime ?? 0);
    addPart(parts, LABELS.mfRuntime, chunk.sizes?.['share-init'] ?? 0);
    for (const file of files)
      compositions.push({ file, id: String(chunk.id ?? ''), names: chunk.names ?? [], parts });
  }
  return compositions;
}

export interface ChunkMatch {
  composition?: ChunkComposition;
  matchedBy: 'file' | 'chunk-id' | 'none';
}

/**
 * Finds a served file in the stats: by exact name (same content hash: the stats describe exactly this
 * file), else by the chunk id/name in front of the hash (the sources changed between the two builds).
 */
export function findChunk(fileName: string, compositions: readonly ChunkComposition[]): ChunkMatch {
  const exact = compositions.find((composition) => composition.file === fileName);
  if (exact) return { composition: exact, matchedBy: 'file' };
  const stem = fileName.replace(/\.[0-9a-f]{8,}\.js$/, '').replace(/\.js$/, '');
  const byId = compositions.find(
    (composition) => composition.id === stem || composition.names.includes(stem),
  );
  return byId ? { composition: byId, matchedBy: 'chunk-id' } : { matchedBy: 'none' };
}

/**
 * Splits a file's measured bytes between labels in proportion to the composition. Rounds so that the
 * shares add up to the measured totals exactly.
 */
export function apportion(
  transferBytes: number,
  gzipBytes: number,
  composition: ChunkComposition | undefined,
): PackageShare[] {
  const entries = composition
    ? [...composition.parts.entries()].filter(([, size]) => size > 0)
    : [];
  const total = entries.reduce((sum, [, size]) => sum + size, 0);
  if (total === 0) return [{ label: LABELS.unknown, transferBytes, gzipBytes }];
  const shares = entries.map(([label, size]) => ({
    label,
    transferBytes: Math.floor((transferBytes * size) / total),
    gzipBytes: Math.floor((gzipBytes * size) / total),
    size,
  }));
  // Largest part takes the rounding remainder.
  const largest = shares.reduce((best, share) => (share.size > best.size ? share : best));
  largest.transferBytes +=
    transferBytes - shares.reduce((sum, share) => sum + share.transferBytes, 0);
  largest.gzipBytes += gzipBytes - shares.reduce((sum, share) => sum + share.gzipBytes, 0);
  return shares.map(({ label, transferBytes: t, gzipBytes: g }) => ({
    label,
    transferBytes: t,
    gzipBytes: g,
  }));
}

/** Sums shares by label, largest first. */
export function mergeShares(shares: readonly PackageShare[]): PackageShare[] {
  const merged = new Map<string, PackageShare>();
  for (const share of shares) {
    const current = merged.get(share.label) ?? {
      label: share.label,
      transferBytes: 0,
      gzipBytes: 0,
    };
    current.transferBytes += share.transferBytes;
    current.gzipBytes += share.gzipBytes;
    merged.set(share.label, current);
  }
  return [...merged.values()].sort(
    (a, b) => b.gzipBytes - a.gzipBytes || a.label.localeCompare(b.label),
  );
}
