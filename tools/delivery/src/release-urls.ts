// Where a remote's builds are on its host: the build at its root (`mf-manifest.json`) and each release
// in `releases/<id>/` beside it. The runtime config names a build by its manifest's URL; the release
// commands and the deploy find the host, and the build's folder on it, from that URL.
import { RELEASES_DIR } from '@agentora/host';

export const MANIFEST = 'mf-manifest.json';

export class ReleaseError extends Error {
  override name = 'ReleaseError';
}

/** The end of a release's manifest URL, `releases/<id>/mf-manifest.json`, as a pattern. */
export const RELEASE_MANIFEST_PATH = `${RELEASES_DIR}/[0-9a-f]+/${MANIFEST}`;

/** A remote's host root URL, from a manifest URL of it (its own, or one of its releases'). */
export function hostRootOf(manifestUrl: string | undefined): string {
  if (!manifestUrl) throw new ReleaseError('The runtime config names no manifest for this remote.');
  return new URL(
    manifestUrl.replace(new RegExp(`${RELEASE_MANIFEST_PATH}$`), MANIFEST),
  ).href.replace(new RegExp(`${MANIFEST}$`), '');
}

/**
 * The folder of the build a manifest URL names, relative to its host's root: '' for the build at the
 * root, `releases/<id>` for a release.
 */
export function buildFolderOf(manifestUrl: string): string {
  const rest = new URL(manifestUrl).href.slice(hostRootOf(manifestUrl).length);
  if (rest === MANIFEST) return '';
  const release = new RegExp(`^(${RELEASES_DIR}/[0-9a-f]+)/${MANIFEST}$`).exec(rest);
  if (!release) throw new ReleaseError(`${manifestUrl} names no build of a remote's host.`);
  return release[1]!;
}
