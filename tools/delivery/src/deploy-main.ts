// `npm run deploy -- <app> [options]`: builds the app (Nx, cached) and puts it live on its Cloudflare
// Worker, keeping what is live that it must keep and refreshing the pages that show it
// (deploy-site.ts). CI's deploy jobs run exactly this, step by step (--assemble, --upload,
// --assemble-pages), so that no step that holds the Cloudflare credentials runs code read from the
// live hosts. The Cloudflare account comes from the environment: CLOUDFLARE_API_TOKEN and
// CLOUDFLARE_ACCOUNT_ID.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readCommandLine } from '@agentora/command-line';
import {
  APP_NAMES,
  type AppName,
  type RemoteName,
  type RuntimeConfigJson,
} from '@agentora/contracts/apps';
import { productionOrigin } from '@agentora/host';
import { SITE_URL } from '@agentora/data/constants';
import { parseRuntimeConfig } from '@agentora/data/runtime-config';
import type { Assembled } from './deploy-site.ts';
import { buildCommit, isCommit } from './ancestry.ts';

const USAGE = `usage: npm run deploy -- <${APP_NAMES.join('|')}> [options]

Builds the app and deploys it to its Cloudflare Worker (CLOUDFLARE_API_TOKEN and
CLOUDFLARE_ACCOUNT_ID from the environment). A remote's deploy also renders the pages
that show it again and deploys the shell's pages; nothing else is rebuilt.

options:
  --site <url>              the live site to read back (default ${SITE_URL}; another site
                            only with --dry-run)
  --prebuilt                deploy apps/<app>/dist as it is (CI: the build job's artifact)
  --dry-run <dir>           assemble and check everything, upload nothing (wrangler --dry-run)
  --first-deploy            nothing of this app is live yet (the remotes first, then the shell)
  --runtime-config <file>   the shell's: the runtime config it serves (its first deploy, or a change)
  --commit <sha>            the build's commit (default GITHUB_SHA or git's HEAD), recorded with
                            it: a build whose commit does not descend from the live one's is refused,
                            and so is a --runtime-config that puts such a build live

the steps one by one (CI runs each in a job of its own; only --upload needs the credentials):
  --assemble <dir>          read the app back and put the build over it, into <dir>/<app>
  --upload <dir>/<app>      upload an assembled folder, unless the live host changed since
  --assemble-pages <dir>    a remote's: read the live shell back and render the remote's pages
                            into <dir>/shell`;

function fail(message: string): never {
  console.error(`deploy: ${message}`);
  process.exit(1);
}

const { values, positionals, refuse } = readCommandLine({
  command: 'npm run deploy',
  usage: USAGE,
  options: {
    site: { type: 'string' },
    prebuilt: { type: 'boolean' },
    'dry-run': { type: 'string' },
    'first-deploy': { type: 'boolean' },
    'runtime-config': { type: 'string' },
    commit: { type: 'string' },
    assemble: { type: 'string' },
    upload: { type: 'string' },
    'assemble-pages': { type: 'string' },
  },
  positionals: true,
});
const [app, ...extra] = positionals;
if (!app || extra.length > 0 || !(APP_NAMES as readonly string[]).includes(app))
  refuse(`name one app (${APP_NAMES.join(', ')}).`);
for (const name of ['dry-run', 'assemble', 'upload', 'assemble-pages'] as const)
  if (values[name] === '') refuse(`--${name} takes a folder.`);
const steps = (['assemble', 'upload', 'assemble-pages'] as const).filter((name) => values[name]);
if (steps.length > 1) refuse('one step at a time: --assemble, --upload or --assemble-pages.');
if (values['assemble-pages'] && app === 'shell')
  refuse("--assemble-pages is a remote's step (the shell's own deploy renders every page).");
if (values['runtime-config'] && app !== 'shell') refuse("--runtime-config is the shell's.");
if (app === 'shell' && values['first-deploy'] && !values['runtime-config'])
  refuse("the shell's first deploy needs --runtime-config <file>.");

const workspaceRoot = path.resolve(import.meta.dirname, '../../..');
const site = values.site ?? SITE_URL;
const production = new URL(site).origin === productionOrigin('shell');
if (!production && !values['dry-run'] && !values.assemble && !values['assemble-pages'])
  refuse(`${site} is not the production site: only --dry-run reads another.`);
const commit = buildCommit(workspaceRoot, values.commit);
// A build put on a host records its commit, a full one, which the next deploy holds its own to.
if (!values.upload && !values['assemble-pages']) {
  if (!commit)
    refuse("the build's commit is unknown: run from its git checkout, or --commit <sha>.");
  if (!isCommit(commit)) refuse(`${commit} is not a commit: --commit takes the full SHA.`);
}

let runtimeConfig: RuntimeConfigJson | undefined;
if (values['runtime-config']) {
  try {
    const value = JSON.parse(fs.readFileSync(values['runtime-config'], 'utf8')) as unknown;
    // The checks the shell makes when it reads the file.
    parseRuntimeConfig(value);
    runtimeConfig = value as RuntimeConfigJson;
  } catch (error) {
    fail(`${values['runtime-config']}: ${(error as Error).message}`);
  }
}

// The deploy itself is loaded once the command line is read: --help and a wrong argument answer at once.
const [
  {
    assembleApp,
    assemblePages,
    deploySite,
    readAssembled,
    uploadFolder,
    wranglerUpload,
    writeAssembled,
  },
  { checkOverrideOrigins },
] = await Promise.all([import('./deploy-site.ts'), import('./override-origins.ts')]);

const upload = wranglerUpload({
  dryRunOutDir: values['dry-run'] && path.resolve(values['dry-run']),
  message: commit ? `commit ${commit}` : undefined,
});
/** A real upload goes only to the app's production domain, over https. */
const uploadTo = async (assembled: Assembled) => {
  if (!values['dry-run'] && new URL(assembled.root).origin !== productionOrigin(assembled.app))
    throw new Error(
      `${assembled.folder} was read from ${assembled.root}, not ${productionOrigin(assembled.app)}: not uploading it to production.`,
    );
  await uploadFolder(assembled, upload);
};
const log = (line: string) => console.info(`deploy: ${line}`);
const common = {
  workspaceRoot,
  site: { siteUrl: site },
  requireRoots: production ? productionOrigin : undefined,
  log,
};

try {
  if (values.upload) {
    const assembled = readAssembled(path.resolve(values.upload));
    if (assembled.app !== app)
      refuse(`${values.upload} is ${assembled.app}'s folder, not ${app}'s.`);
    await uploadTo(assembled);
    console.info(
      `deploy: ${values['dry-run'] ? 'checked (dry run, nothing uploaded)' : 'live'}: ${app}`,
    );
    process.exit(0);
  }
  // The config this deploy serves (the one given, else the live one) names only origins of one
  // owner for override links, or nothing is built or uploaded (override-origins.ts).
  await checkOverrideOrigins(
    runtimeConfig
      ? { config: runtimeConfig, source: values['runtime-config']! }
      : { site: { siteUrl: site } },
  );
  if (values['assemble-pages']) {
    const into = path.resolve(values['assemble-pages']);
    const pages = await assemblePages({ ...common, into, remote: app as RemoteName });
    if (pages) writeAssembled(pages);
    console.info(
      `deploy: ${pages ? `${pages.folder}, to upload` : 'no shell live: nothing to render'}`,
    );
    process.exit(0);
  }
  if (!values.prebuilt)
    execFileSync(
      path.join(workspaceRoot, 'node_modules/.bin/nx'),
      ['run', `@agentora/${app}:build`, '--output-style=static'],
      { cwd: workspaceRoot, stdio: 'inherit' },
    );
  const options = {
    ...common,
    app: app as AppName,
    firstDeploy: values['first-deploy'] === true,
    runtimeConfig,
    commit,
  };
  if (values.assemble) {
    const assembled = await assembleApp({ ...options, into: path.resolve(values.assemble) });
    writeAssembled(assembled);
    console.info(`deploy: ${assembled.folder}, to upload`);
    process.exit(0);
  }
  // Everything in this one process: it runs the remotes' server builds read from their hosts while
  // it holds the credentials (docs/deploying-the-site.md says when to prefer the steps).
  const result = await deploySite({
    ...options,
    // Not the production site and no dry run was refused above.
    upload,
  });
  console.info(
    `deploy: ${values['dry-run'] ? 'checked (dry run, nothing uploaded)' : 'live'}: ${result.uploaded.map((entry) => entry.app).join(', ')}`,
  );
  fs.rmSync(result.workDir, { recursive: true, force: true });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
