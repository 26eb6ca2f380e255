// The full check of a runtime config's remoteOverrides.allowedOrigins, made wherever a config is
// written or deployed (docs/architecture.md, "Trying a remote in production"; docs/security.md). The
// shell's own check (isOriginPattern) runs in every visitor's first load, so it only knows a short list
// of shared hosts; this one adds the whole public suffix list, its private section included
// (github.io, s3.amazonaws.com, blob.core.windows.net…), from the pinned npm package tldts. A
// wildcard is one owner's only when the hosts it matches have a registrable domain that is not the
// wildcard's own label: `*.previews.agentora.ai` passes, `*.us-east-1.elasticbeanstalk.com` does not.
// An entry refused here is refused with the whole config: the deploy and the release commands stop
// before changing anything, and the header writer writes nothing.
import fs from 'node:fs';
import { getPublicSuffix } from 'tldts';
import { PUBLIC_FILE_HOSTS, SHARED_HOSTS, isOriginPattern } from '@agentora/data/runtime-config';
import { liveRuntimeConfig, type LiveSite } from './deploy-site.ts';

export interface RefusedOrigin {
  origin: string;
  reason: string;
}

const SUFFIXES = { allowPrivateDomains: true } as const;

const isLoopback = (host: string) => host === 'localhost' || host === '127.0.0.1';

/** Why one entry could let someone else's build in, or undefined when it names one owner's hosts. */
function refusal(entry: unknown): string | undefined {
  const shape =
    typeof entry === 'string'
      ? /^(https?):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)(:\d{1,5})?$/.exec(entry)
      : null;
  if (!shape) return 'not an origin: https://host[:port] or https://*.domain[:port], nothing else';
  const [, scheme, wildcard, host = ''] = shape;
  if (scheme === 'http' && (wildcard || !isLoopback(host)))
    return 'plain http is only for a loopback host (a local site)';
  const publicFiles = PUBLIC_FILE_HOSTS.find((name) => host === name || host.endsWith(`.${name}`));
  if (publicFiles) return `${publicFiles} serves anyone's files by path`;
  if (wildcard) {
    // The public suffix of a host the wildcard matches: the wildcard's base must hold more than it.
    const suffix = getPublicSuffix(`x.${host}`, SUFFIXES) ?? host;
    if (!host.endsWith(`.${suffix}`))
      return `a wildcard over the public suffix ${suffix.length > host.length ? host : suffix}: its hosts can belong to anyone`;
    const shared = SHARED_HOSTS.find((name) => host === name || host.endsWith(`.${name}`));
    if (shared) return `a wildcard over ${shared}, where anyone can have a host`;
    if (host.split('.').length < 3)
      return 'a wildcard needs three labels or more after it (https://*.previews.example.com)';
  } else if (!isLoopback(host)) {
    if (getPublicSuffix(host, SUFFIXES) === host)
      return `${host} is a public suffix: it serves anyone's files`;
    if (SHARED_HOSTS.includes(host)) return `${host} serves anyone's files`;
  }
  // Whatever else the shell would leave out.
  if (!isOriginPattern(entry)) return 'the shell would leave it out (isOriginPattern)';
  return undefined;
}

/** The entries of a runtime config's override list that a deploy must refuse, each with why. */
export function refusedOverrideOrigins(config: unknown): RefusedOrigin[] {
  const listed = (config as { remoteOverrides?: { allowedOrigins?: unknown } } | null)
    ?.remoteOverrides?.allowedOrigins;
  if (listed === undefined) return [];
  if (!Array.isArray(listed))
    return [{ origin: String(listed), reason: 'allowedOrigins must be a list of origins' }];
  return listed.flatMap((entry) => {
    const reason = refusal(entry);
    return reason ? [{ origin: String(entry), reason }] : [];
  });
}

/** Throws, naming every refused entry, when the config's override list must not be deployed. */
export function assertOverrideOrigins(config: unknown, source: string): void {
  const refused = refusedOverrideOrigins(config);
  if (refused.length > 0)
    throw new Error(
      `${source}: remoteOverrides.allowedOrigins may only name origins of one owner (docs/architecture.md, "Trying a remote in production"):\n${refused.map(({ origin, reason }) => `  ${origin}: ${reason}`).join('\n')}`,
    );
}

/**
 * The check for the deploy and release commands: the runtime config in a file, or the live site's.
 * One that cannot be read is left to the command, which says so in its own words.
 */
export async function checkOverrideOrigins(
  from: { file: string } | { site: LiveSite } | { config: unknown; source: string },
): Promise<void> {
  if ('config' in from) return assertOverrideOrigins(from.config, from.source);
  if ('file' in from) {
    let config: unknown;
    try {
      config = JSON.parse(fs.readFileSync(from.file, 'utf8'));
    } catch {
      return;
    }
    return assertOverrideOrigins(config, from.file);
  }
  const config = await liveRuntimeConfig(from.site).catch(() => undefined);
  assertOverrideOrigins(config, `${from.site.siteUrl} (runtime-config.json)`);
}
