// A remote's preview deploy: its build copied into a path of its own on the previews host
// (`<remote>/<id>/`, e.g. careers/pr-42/), beside every other preview and never over a live app,
// and the override link that loads it into the production site for one browser
// (apps/shell/src/federation/remote-overrides.ts). The previews host's origin must be on the live
// runtime config's remoteOverrides.allowedOrigins.
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@agentora/contracts/apps';
import { deployApp } from './deploy.ts';

export interface PreviewDeployOptions {
  remote: RemoteName;
  /** The remote's production build (apps/<remote>/dist). */
  distDir: string;
  /** The previews host's folder. */
  to: string;
  /** What this preview is of: a pull request (`pr-42`), a branch. */
  id: string;
  /** The previews host's public URL (its origin, and a path if it has one). */
  baseUrl: string;
  /** The production site the link opens. */
  siteUrl: string;
}

export interface PreviewDeploy {
  target: string;
  manifestUrl: string;
  /** Opens the site with this build in place of the remote's, in the browser that follows it. */
  overrideLink: string;
}

export function deployPreview(options: PreviewDeployOptions): PreviewDeploy {
  if (!(REMOTE_NAMES as readonly string[]).includes(options.remote))
    throw new Error(`${options.remote} is not a remote (${REMOTE_NAMES.join(', ')}).`);
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(options.id))
    throw new Error(`--id ${options.id}: lower-case letters, digits and hyphens only.`);
  const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  if (base.protocol !== 'https:' && !['localhost', '127.0.0.1'].includes(base.hostname))
    throw new Error(`--base-url ${options.baseUrl}: previews are served over https.`);
  const target = path.join(options.to, options.remote, options.id);
  deployApp(options.distDir, target, { remote: true });
  const manifestUrl = new URL(`${options.remote}/${options.id}/mf-manifest.json`, base).href;
  const link = new URL(options.siteUrl);
  link.searchParams.set('remote-override', `${options.remote}=${manifestUrl}`);
  return { target, manifestUrl, overrideLink: link.href };
}
