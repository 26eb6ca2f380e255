// `npm run deploy -- <app> [options]`: builds the app (Nx, cached) and puts it live on its Cloudflare
// Worker, keeping what is live that it must keep and refreshing the pages that show it
// (deploy-site.ts). CI's deploy job runs exactly this. The Cloudflare account comes from the
// environment: CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readCommandLine } from '@agentora/command-line';
import { APP_NAMES, type AppName, type RuntimeConfigJson } from '@agentora/contracts/apps';
import { SITE_URL } from '@agentora/data/constants';
import { parseRuntimeConfig } from '@agentora/data/runtime-config';
import { deploySite, wranglerUpload } from './deploy-site.ts';
import { checkOverrideOrigins } from './override-origins.ts';

const USAGE = `usage: npm run deploy -- <${APP_NAMES.join('|')}> [options]

Builds the app and deploys it to its Cloudflare Worker (CLOUDFLARE_API_TOKEN and
CLOUDFLARE_ACCOUNT_ID from the environment). A remote's deploy also renders the pages
that show it again and deploys the shell's pages; nothing else is rebuilt.

options:
  --site <url>              the live site (default ${SITE_URL})
  --prebuilt                deploy apps/<app>/dist as it is (CI: the build job's artifact)
  --dry-run <dir>           assemble and check everything, upload nothing (wrangler --dry-run)
  --first-deploy            nothing of this app is live yet (the remotes first, then the shell)
  --runtime-config <file>   the shell's first deploy: the runtime config it serves
  --help                    this text`;

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
  },
  positionals: true,
});
const [app, ...extra] = positionals;
if (!app || extra.length > 0 || !(APP_NAMES as readonly string[]).includes(app))
  refuse(`name one app (${APP_NAMES.join(', ')}).`);
if (values['runtime-config'] && (app !== 'shell' || !values['first-deploy']))
  refuse("--runtime-config is for the shell's --first-deploy only.");

const workspaceRoot = path.resolve(import.meta.dirname, '../../..');
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
if (app === 'shell' && values['first-deploy'] && !runtimeConfig)
  refuse("the shell's first deploy needs --runtime-config <file>.");

try {
  // The config this deploy serves (the first deploy's, else the live one) names only origins of one
  // owner for override links, or nothing is built or uploaded (override-origins.ts).
  await checkOverrideOrigins(
    runtimeConfig
      ? { config: runtimeConfig, source: values['runtime-config']! }
      : { site: { siteUrl: values.site ?? SITE_URL } },
  );
  if (!values.prebuilt)
    execFileSync(
      path.join(workspaceRoot, 'node_modules/.bin/nx'),
      ['run', `@agentora/${app}:build`, '--output-style=static'],
      { cwd: workspaceRoot, stdio: 'inherit' },
    );
  const result = await deploySite({
    app: app as AppName,
    workspaceRoot,
    site: { siteUrl: values.site ?? SITE_URL },
    upload: wranglerUpload({
      dryRunOutDir: values['dry-run'] && path.resolve(values['dry-run']),
      message: process.env.GITHUB_SHA ? `commit ${process.env.GITHUB_SHA}` : undefined,
    }),
    firstDeploy: values['first-deploy'] ? { runtimeConfig } : undefined,
    log: (line) => console.info(`deploy: ${line}`),
  });
  console.info(
    `deploy: ${values['dry-run'] ? 'checked (dry run, nothing uploaded)' : 'live'}: ${result.uploaded.map((entry) => entry.app).join(', ')}`,
  );
  fs.rmSync(result.workDir, { recursive: true, force: true });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
