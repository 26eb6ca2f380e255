// Canary, promote and rollback of a remote (docs/architecture.md, "Canary and rollback"). A release
// is a remote's build deployed into `releases/<id>/` on its host, beside every earlier one, with the
// commit it was built from. The three commands change only the live runtime-config.json (in the
// shell's folder): nothing is built, and visitors get the change on their next page load. What puts a
// build live for anyone (canary, promote, a rollback to the release before) is held to the rule of
// every deploy: its commit descends from the stable build's (ancestry.ts), read from the remote's host.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName, type RuntimeConfigJson } from '@agentora/contracts/apps';
import { RELEASES_DIR, remoteHeaderRules } from '@agentora/host';
import { releaseCheckError, type ReleaseManifest } from '@agentora/mf-config/release-check';
import { writeAtomically } from '@agentora/prerender/page-files';
import { checkConfigMoves, commitsIn, configMoves, isCommit } from './ancestry.ts';
import { deployApp, readBuildRecord } from './deploy.ts';
import { hostRootOf, MANIFEST, ReleaseError } from './release-urls.ts';
import { writeRules, writeSecurityHeaders } from './write-headers.ts';

const RUNTIME_CONFIG = 'runtime-config.json';

function assertRemote(remote: string): asserts remote is RemoteName {
  if (!(REMOTE_NAMES as readonly string[]).includes(remote))
    throw new ReleaseError(`${remote} is not a remote (${REMOTE_NAMES.join(', ')}).`);
}

/**
 * Deploys a remote's build as a release on its host (`<hostDir>/releases/<id>/`, id from its
 * manifest's content), recording the commit it was built from, without making it live; returns the id.
 */
export function deployRelease(distDir: string, hostDir: string, commit: string): string {
  if (!isCommit(commit))
    throw new ReleaseError(
      `${commit} is not a commit: a release records the full one it comes from.`,
    );
  const manifest = fs.readFileSync(path.join(distDir, MANIFEST));
  const id = crypto.createHash('sha256').update(manifest).digest('hex').slice(0, 12);
  deployApp(distDir, path.join(hostDir, RELEASES_DIR, id), { remote: true, commit });
  // The host folder's own files follow (the list of its files names the release's too).
  writeRules(hostDir, remoteHeaderRules());
  return id;
}

function readConfig(shellDir: string): RuntimeConfigJson {
  const file = path.join(shellDir, RUNTIME_CONFIG);
  if (!fs.existsSync(file)) throw new ReleaseError(`${file} is missing: deploy the shell first.`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as RuntimeConfigJson;
}

/** The folders a command changes or reads, and the checkout whose history judges commits. */
export interface ReleaseFolders {
  /** The shell's folder, whose runtime-config.json the command changes. */
  shellDir: string;
  /** The remote's host folder: its releases, and the build records the ancestry check reads. */
  hostDir: string;
  /** The git checkout whose history says which commit descends from which. */
  checkout: string;
}

/** Refuses a change of the config that puts a build older than the stable one live (`instead`: what the refusal suggests). */
function checkMoves(
  folders: ReleaseFolders,
  remote: RemoteName,
  config: RuntimeConfigJson,
  next: RuntimeConfigJson,
  instead?: string,
): void {
  checkConfigMoves(
    configMoves(config, next),
    commitsIn({ [hostRootOf(config.remotes[remote])]: folders.hostDir }),
    folders.checkout,
    instead,
  );
}

/** Writes the config (atomically) and the headers that follow it (the origins may have changed). */
function writeConfig(shellDir: string, config: RuntimeConfigJson): void {
  writeAtomically(shellDir, RUNTIME_CONFIG, `${JSON.stringify(config, null, 2)}\n`);
  writeSecurityHeaders({ shellDir, runtimeConfig: config });
}

export interface CanaryOptions extends ReleaseFolders {
  remote: string;
  percent: number;
  /** Which release; default the newest deployed one that is not live. */
  release?: string;
}

function newestRelease(hostDir: string, live: readonly string[]): string | undefined {
  const dir = path.join(hostDir, RELEASES_DIR);
  if (!fs.existsSync(dir)) return undefined;
  // When each was deployed, as its build record says (a folder read back from the host has no file
  // times worth comparing).
  const deployedAt = (id: string) =>
    Date.parse(readBuildRecord(path.join(dir, id))?.deployedAt ?? '') ||
    fs.statSync(path.join(dir, id, MANIFEST)).mtimeMs;
  return fs
    .readdirSync(dir)
    .filter((id) => !live.some((url) => url.includes(`/${RELEASES_DIR}/${id}/`)))
    .map((id) => ({ id, at: deployedAt(id) }))
    .sort((a, b) => b.at - a.at)[0]?.id;
}

/**
 * Sends `percent` % of visitors to a release of the remote, once it passes the release checks and its
 * commit descends from the stable build's.
 */
export function canary(options: CanaryOptions): RuntimeConfigJson {
  const { shellDir, hostDir, remote, percent } = options;
  assertRemote(remote);
  if (!Number.isInteger(percent) || percent < 1 || percent > 100)
    throw new ReleaseError(`percent ${percent}: a whole number from 1 to 100.`);
  const config = readConfig(shellDir);
  const live = [config.remotes[remote], config.canaries?.[remote]?.manifest ?? ''];
  const release = options.release ?? newestRelease(hostDir, live.slice(0, 1));
  if (!release || !/^[0-9a-f]{12}$/.test(release))
    throw new ReleaseError(`No release of ${remote} to send visitors to: deploy one first.`);
  const manifestFile = path.join(hostDir, RELEASES_DIR, release, MANIFEST);
  if (!fs.existsSync(manifestFile))
    throw new ReleaseError(`${remote} has no release ${release} in ${hostDir}.`);
  const problem = releaseCheckError(
    remote,
    JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ReleaseManifest,
  );
  if (problem) throw new ReleaseError(`Not sending visitors to ${remote} ${release}: ${problem}`);
  const manifest = `${hostRootOf(config.remotes[remote])}${RELEASES_DIR}/${release}/${MANIFEST}`;
  if (manifest === config.remotes[remote])
    throw new ReleaseError(`${remote} ${release} is already the stable release.`);
  const next: RuntimeConfigJson = {
    ...config,
    canaries: { ...config.canaries, [remote]: { manifest, percent } },
  };
  checkMoves(options, remote, config, next);
  writeConfig(options.shellDir, next);
  return next;
}

export interface PromoteOptions extends ReleaseFolders {
  remote: string;
}

/**
 * Makes the remote's canary its stable release, for every visitor, if its commit still descends from
 * the stable build's (a deploy may have moved that on since the canary began); the old one is kept
 * for rollback.
 */
export function promote(options: PromoteOptions): RuntimeConfigJson {
  const { remote } = options;
  assertRemote(remote);
  const config = readConfig(options.shellDir);
  const canaryOf = config.canaries?.[remote];
  if (!canaryOf) throw new ReleaseError(`${remote} has no canary to promote.`);
  const { [remote]: _promoted, ...canaries } = config.canaries ?? {};
  const next: RuntimeConfigJson = {
    ...config,
    remotes: { ...config.remotes, [remote]: canaryOf.manifest },
    previousRemotes: { ...config.previousRemotes, [remote]: config.remotes[remote] },
    canaries,
  };
  checkMoves(options, remote, config, next);
  writeConfig(options.shellDir, next);
  return next;
}

export interface RollbackOptions extends ReleaseFolders {
  remote: string;
  /**
   * Puts the release before the last promote back even though it is an older build (the operator
   * says so: --older-build). Without it, that rollback is refused like any older build.
   */
  olderBuild?: boolean;
}

/**
 * Takes a running canary away from its visitors (nothing new goes live: they get the stable build
 * again); without one, puts the release before the last promote back as stable, an older build, only
 * when `olderBuild` says so. Its files never left the host, so it is instant.
 */
export function rollback(options: RollbackOptions): RuntimeConfigJson {
  const { remote } = options;
  assertRemote(remote);
  const config = readConfig(options.shellDir);
  let next: RuntimeConfigJson;
  if (config.canaries?.[remote]) {
    const { [remote]: _withdrawn, ...canaries } = config.canaries;
    next = { ...config, canaries };
  } else {
    const previous = config.previousRemotes?.[remote];
    if (!previous)
      throw new ReleaseError(`${remote} has no canary and no earlier release to go back to.`);
    const { [remote]: _restored, ...previousRemotes } = config.previousRemotes ?? {};
    next = { ...config, remotes: { ...config.remotes, [remote]: previous }, previousRemotes };
  }
  if (!options.olderBuild)
    checkMoves(
      options,
      remote,
      config,
      next,
      `To put it back anyway: npm run release -- rollback ${remote} --older-build.`,
    );
  writeConfig(options.shellDir, next);
  return next;
}

export interface ReleaseHealth {
  release: string;
  loads: number;
  loadFailures: number;
  renderFailures: number;
  /** Failures (to load, or while rendering) per page load that tried the release, 0–1; undefined without loads. */
  errorRate: number | undefined;
}

export interface StatusOptions {
  /** The shell's folder, whose runtime-config.json is read; or the config itself (the live one). */
  shellDir?: string;
  config?: RuntimeConfigJson;
  remote: string;
  /** The backend's API URL and a key that may read public.remote_health (the service role's). */
  apiUrl: string;
  serviceKey: string;
  /** How many days back (default 7). */
  days?: number;
  fetchImpl?: typeof fetch;
}

/**
 * The stable release's and the canary's health side by side, from the counters the shell reports to
 * (public.remote_health, supabase/schemas/reports.sql), over the last `days` days.
 */
export async function status(
  options: StatusOptions,
): Promise<{ stable: ReleaseHealth; canary?: ReleaseHealth & { percent: number } }> {
  const { remote, apiUrl, serviceKey, days = 7, fetchImpl = fetch } = options;
  assertRemote(remote);
  const config = options.config ?? readConfig(options.shellDir ?? '');
  const canaryOf = config.canaries?.[remote];
  const since = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const url = new URL(`${apiUrl.replace(/\/+$/, '')}/rest/v1/remote_health`);
  url.searchParams.set('select', 'release,loads,load_failures,render_failures');
  url.searchParams.set('remote', `eq.${remote}`);
  url.searchParams.set('day', `gte.${since}`);
  // Only the releases shown: a few rows a day, however many others the table holds (hosted PostgREST
  // answers at most 1,000 rows a request).
  const shown = [config.remotes[remote], ...(canaryOf ? [canaryOf.manifest] : [])];
  url.searchParams.set('release', `in.(${shown.map((release) => `"${release}"`).join(',')})`);
  const response = await fetchImpl(url, {
    headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` },
  });
  if (!response.ok)
    throw new ReleaseError(`The backend answered ${response.status}: ${await response.text()}`);
  const rows = (await response.json()) as Array<{
    release: string;
    loads: number;
    load_failures: number;
    render_failures: number;
  }>;
  const healthOf = (release: string): ReleaseHealth => {
    const mine = rows.filter((row) => row.release === release);
    const loads = mine.reduce((sum, row) => sum + row.loads, 0);
    const loadFailures = mine.reduce((sum, row) => sum + row.load_failures, 0);
    const renderFailures = mine.reduce((sum, row) => sum + row.render_failures, 0);
    const tried = loads + loadFailures;
    return {
      release,
      loads,
      loadFailures,
      renderFailures,
      errorRate: tried === 0 ? undefined : (loadFailures + renderFailures) / tried,
    };
  };
  return {
    stable: healthOf(config.remotes[remote]),
    ...(canaryOf ? { canary: { ...healthOf(canaryOf.manifest), percent: canaryOf.percent } } : {}),
  };
}

/** A status as the command prints it: one line per release. */
export function statusLines(result: Awaited<ReturnType<typeof status>>): string[] {
  const line = (name: string, health: ReleaseHealth) =>
    `${name.padEnd(14)} ${health.release}: ${health.loads} loads, ${health.loadFailures} failed to load, ${health.renderFailures} failed while rendering, error rate ${
      health.errorRate === undefined ? '—' : `${(health.errorRate * 100).toFixed(1)} %`
    }`;
  return [
    line('stable', result.stable),
    ...(result.canary ? [line(`canary ${result.canary.percent} %`, result.canary)] : ['no canary']),
  ];
}
