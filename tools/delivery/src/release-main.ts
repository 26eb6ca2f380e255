// `npm run release -- <command> <remote> …`: canary, promote and rollback of a remote (releases.ts).
// Against the live site (default): each command reads the folders it changes back from the host,
// changes them and deploys them (deploy-site.ts); with --shell-dir (and --host), it changes local
// host folders in place (the preview's, which serves a change at once).
import path from 'node:path';
import { readCommandLine } from '@agentora/command-line';
import { REMOTE_NAMES, appFolder, type RemoteName } from '@agentora/contracts/apps';
import { SITE_URL } from '@agentora/data/constants';
import { productionOrigin } from '@agentora/host';
import { buildCommit, isCommit } from './ancestry.ts';
import type { LiveSite } from './deploy-site.ts';

const USAGE = `usage: npm run release -- <command> <remote> [options]

commands:
  deploy <remote>               deploy apps/<remote>/dist as a release, with its commit, not yet live
  canary <remote> <percent>     send <percent> % of visitors to a release (--release <id>,
                                default the newest one that is not live)
  promote <remote>              the canary becomes the release every visitor gets
  rollback <remote>             withdraw the canary; without one, the release before the last promote
                                (an older build: only with --older-build)
  status <remote>               stable and canary side by side: loads, failures, error rate
                                (SUPABASE_URL and SUPABASE_SERVICE_KEY: the backend the shell reports to)

options:
  --site <url>          the live site (default ${SITE_URL}); deploys need CLOUDFLARE_API_TOKEN
                        and CLOUDFLARE_ACCOUNT_ID
  --dry-run <dir>       change and check everything, upload nothing
  --shell-dir <folder>  change a local shell folder instead of the live site (and --host <folder>,
                        the remote's, which deploy changes and the others read)
  --release <id>        canary: which release
  --commit <sha>        deploy: the build's commit (default GITHUB_SHA or git's HEAD)
  --older-build         rollback: put the release before the last promote back, older as it is
  --help                this text

remotes: ${REMOTE_NAMES.join(', ')}

canary, promote and rollback refuse to put live a build whose commit does not descend from the
stable one's (the remote's build records, this checkout's history).`;

function fail(message: string): never {
  console.error(`release: ${message}`);
  process.exit(1);
}

const { values, positionals, refuse } = readCommandLine({
  command: 'npm run release',
  usage: USAGE,
  options: {
    'shell-dir': { type: 'string' },
    host: { type: 'string' },
    release: { type: 'string' },
    site: { type: 'string' },
    'dry-run': { type: 'string' },
    commit: { type: 'string' },
    'older-build': { type: 'boolean' },
  },
  positionals: true,
});
if (values['dry-run'] === '') refuse('--dry-run takes a folder.');
const [command, remote, percent, ...extra] = positionals;
const COMMANDS = ['deploy', 'canary', 'promote', 'rollback', 'status'];
if (!command || !COMMANDS.includes(command))
  refuse(`the command is one of ${COMMANDS.join(', ')}.`);
if (!remote || !(REMOTE_NAMES as readonly string[]).includes(remote))
  refuse(`name a remote (${REMOTE_NAMES.join(', ')}).`);
if (extra.length > 0 || (command !== 'canary' && percent !== undefined))
  refuse(`unexpected ${[percent, ...extra].filter(Boolean).join(' ')}.`);
if (command === 'canary' && !/^(100|[1-9]\d?)$/.test(percent ?? ''))
  refuse('canary takes a percentage, a whole number from 1 to 100.');
if (values.commit !== undefined && command !== 'deploy') refuse("--commit is deploy's.");
if (values['older-build'] && command !== 'rollback') refuse("--older-build is rollback's.");

const workspaceRoot = path.resolve(import.meta.dirname, '../../..');
const dist = path.join(workspaceRoot, appFolder(remote as RemoteName), 'dist');
const site: LiveSite = { siteUrl: values.site ?? SITE_URL };
const local = values['shell-dir'] !== undefined;
// A real upload goes to the production domains only, from what was read from them.
if (
  !local &&
  command !== 'status' &&
  !values['dry-run'] &&
  new URL(site.siteUrl).origin !== productionOrigin('shell')
)
  refuse(`${site.siteUrl} is not the production site: only --dry-run reads another.`);
// The releases themselves are loaded once the command line is read: --help and a wrong argument
// answer at once.
const [
  { liveRuntimeConfig, wranglerUpload },
  { liveCanary, liveDeployRelease, livePromote, liveRollback },
  { checkOverrideOrigins },
  { canary, deployRelease, promote, rollback, status, statusLines },
] = await Promise.all([
  import('./deploy-site.ts'),
  import('./live-releases.ts'),
  import('./override-origins.ts'),
  import('./releases.ts'),
]);

const upload = wranglerUpload({
  dryRunOutDir: values['dry-run'] && path.resolve(values['dry-run']),
  message: `release ${command} ${remote}`,
});
const need = (value: string | undefined, name: string): string =>
  value ? path.resolve(value) : refuse(`${command} needs ${name} with --shell-dir.`);
/** What a release records: the build's commit, a full one. */
const releaseCommit = (): string => {
  const commit = buildCommit(workspaceRoot, values.commit);
  if (!commit)
    return refuse("the build's commit is unknown: run from its git checkout, or --commit <sha>.");
  return isCommit(commit)
    ? commit
    : refuse(`${commit} is not a commit: --commit takes the full SHA.`);
};
const live = { site, remote: remote as RemoteName, upload, checkout: workspaceRoot };
/** The local folders canary, promote and rollback change and read. */
const localFolders = () => ({
  shellDir: need(values['shell-dir'], '--shell-dir'),
  hostDir: need(values.host, '--host'),
  checkout: workspaceRoot,
});

try {
  // The commands that rewrite the runtime config refuse one whose override list names a host that
  // could be anyone's, before changing anything (override-origins.ts).
  if (command === 'canary' || command === 'promote' || command === 'rollback')
    await checkOverrideOrigins(
      local
        ? { file: path.join(need(values['shell-dir'], '--shell-dir'), 'runtime-config.json') }
        : { site },
    );
  switch (command) {
    case 'deploy': {
      const commit = releaseCommit();
      if (local) {
        const id = deployRelease(dist, need(values.host, '--host'), commit);
        console.info(
          `${remote} release ${id} deployed, not live: canary ${remote} <percent> sends visitors to it.`,
        );
        break;
      }
      const id = await liveDeployRelease({ ...live, distDir: dist, commit });
      console.info(
        `${remote} release ${id} deployed, not live: canary ${remote} <percent> sends visitors to it.`,
      );
      break;
    }
    case 'canary': {
      const share = Number(percent);
      const config = local
        ? canary({ ...localFolders(), remote, percent: share, release: values.release })
        : await liveCanary({ ...live, percent: share, release: values.release });
      console.info(
        `${remote}: ${share} % of visitors get ${config.canaries?.[remote as RemoteName]?.manifest}`,
      );
      break;
    }
    case 'promote':
    case 'rollback': {
      const olderBuild = values['older-build'] === true;
      const config = local
        ? command === 'promote'
          ? promote({ ...localFolders(), remote })
          : rollback({ ...localFolders(), remote, olderBuild })
        : command === 'promote'
          ? await livePromote(live)
          : await liveRollback({ ...live, olderBuild });
      console.info(`${remote}: every visitor gets ${config.remotes[remote as RemoteName]}`);
      break;
    }
    case 'status': {
      const apiUrl = process.env.SUPABASE_URL;
      const serviceKey = process.env.SUPABASE_SERVICE_KEY;
      if (!apiUrl || !serviceKey)
        throw new Error('status reads the backend: set SUPABASE_URL and SUPABASE_SERVICE_KEY.');
      const result = await status({
        ...(local
          ? { shellDir: need(values['shell-dir'], '--shell-dir') }
          : { config: await liveRuntimeConfig(site) }),
        remote,
        apiUrl,
        serviceKey,
      });
      for (const line of statusLines(result)) console.info(line);
      break;
    }
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
