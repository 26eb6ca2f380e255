import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppName, RuntimeConfigJson } from '@agentora/contracts/apps';
import { REMOTE_EXPOSES } from '@agentora/contracts';
import { remoteHeaderRules, serveFolder, type HostedFolder } from '@agentora/host';
import { deployApp } from './deploy';
import { servedPath, type DeployedFiles } from './deployed-files';
import { assembleApp, uploadFolder, type Upload } from './deploy-site';
import { liveCanary, liveDeployRelease, livePromote, liveRollback } from './live-releases';
import { gitHistory, type GitHistory } from './test-support/git-history';
import { writeRules, writeSecurityHeaders } from './write-headers';

// Every command that puts a build live, against hosts served as the Workers serve them (workerd,
// through wrangler dev: ports 4931-4932): each reads what is live back, and refuses a build whose
// commit does not descend from the stable one's before anything is uploaded. The uploads here put
// the folder in place of the served one, as `wrangler deploy` replaces a Worker's files.

const SHELL_PORT = 4931;
const CAREERS_PORT = 4932;

function writeFiles(dir: string, files: Record<string, string>) {
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), body);
  }
}

/** A careers build whose manifest and chunk are its own (`name` tells builds apart). */
function careersBuild(parent: string, name: string): string {
  const dir = path.join(parent, name);
  writeFiles(dir, {
    'index.html': '<!doctype html>',
    'mf-manifest.json': JSON.stringify({
      id: 'careers',
      name: 'careers',
      metaData: { build: name },
      remotes: [],
      shared: [{ name: 'react', requiredVersion: '^19.0.0' }],
      exposes: REMOTE_EXPOSES.careers.map((expose) => ({ path: expose })),
    }),
    'remoteEntry.js': `// ${name}`,
    [`main.${crypto.createHash('sha256').update(name).digest('hex').slice(0, 10)}.js`]: `// ${name}`,
  });
  return dir;
}

describe('the commands that put a build live, against the live site', () => {
  let history: GitHistory;
  let work: string;
  let shellDir: string;
  let careersDir: string;
  let shell: HostedFolder;
  let careers: HostedFolder;
  const uploads: AppName[] = [];

  /** Resolves once the host serves the folder as it is now: its list, and every file it lists. */
  /** Once settled, the host serves the folder as uploaded: its file list, and every file listed. */
  async function expectServed(host: HostedFolder, dir: string): Promise<void> {
    const wanted = fs.readFileSync(path.join(dir, 'deployed-files.json'), 'utf8');
    const files = Object.keys((JSON.parse(wanted) as DeployedFiles).files);
    expect(await fetch(`${host.url}/deployed-files.json`).then((r) => r.text())).toBe(wanted);
    const missing = [];
    for (const file of files)
      if (!(await fetch(`${host.url}${servedPath(file)}`, { method: 'HEAD' })).ok)
        missing.push(file);
    expect(missing).toEqual([]);
  }

  const upload: Upload = async (app, folder) => {
    uploads.push(app);
    const [dir, host] = app === 'shell' ? [shellDir, shell] : [careersDir, careers];
    // In place: the host watches the folder itself.
    for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }))
      if (!fs.existsSync(path.join(folder, file)))
        fs.rmSync(path.join(dir, file), { recursive: true, force: true });
    fs.cpSync(folder, dir, { recursive: true });
    await host.settled();
    await expectServed(host, dir);
  };
  const served = async () =>
    (await (await fetch(`${shell.url}/runtime-config.json`)).json()) as RuntimeConfigJson;
  const live = () => ({
    site: { siteUrl: shell.url },
    remote: 'careers' as const,
    upload,
    checkout: history.checkout,
  });
  const releaseUrl = (id: string) => `${careers.url}/releases/${id}/mf-manifest.json`;

  beforeAll(async () => {
    history = gitHistory();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-live-ancestry-'));
    [shellDir, careersDir] = ['shell', 'careers'].map((name) => path.join(work, 'hosts', name)) as [
      string,
      string,
    ];
    // careers live at its host's root, built from the second commit.
    deployApp(careersBuild(work, 'root-second'), careersDir, {
      remote: true,
      commit: history.second,
    });
    writeRules(careersDir, remoteHeaderRules());
    const careersRoot = `http://127.0.0.1:${CAREERS_PORT}`;
    const config: RuntimeConfigJson = {
      remotes: {
        content: 'https://content.agentora.ai/mf-manifest.json',
        signups: 'https://signups.agentora.ai/mf-manifest.json',
        careers: `${careersRoot}/mf-manifest.json`,
        backoffice: 'https://backoffice.agentora.ai/mf-manifest.json',
      },
      supabase: { url: 'https://abc.supabase.co', publishableKey: 'sb_publishable_x' },
    };
    writeFiles(shellDir, {
      'index.html': '<!doctype html><script>loader()</script>',
      '404.html': '<!doctype html><title>Not found</title>',
      'runtime-config.json': `${JSON.stringify(config, null, 2)}\n`,
    });
    writeSecurityHeaders({ shellDir, runtimeConfig: config });
    [shell, careers] = await Promise.all([
      serveFolder({ app: 'shell', folder: shellDir, port: SHELL_PORT }),
      serveFolder({ app: 'careers', folder: careersDir, port: CAREERS_PORT }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([shell?.close(), careers?.close()]);
    fs.rmSync(work, { recursive: true, force: true });
    history.remove();
  });

  it('records the commit with each release, refuses older builds, and rolls back to one only when told', async () => {
    // release deploy: each release goes up with its commit, nothing live yet.
    const deploy = (name: string, commit: string) =>
      liveDeployRelease({ ...live(), distDir: careersBuild(work, name), commit });
    const older = await deploy('release-first', history.first);
    const newer = await deploy('release-third', history.third);
    expect(uploads).toEqual(['careers', 'careers']);
    const record = await fetch(`${careers.url}/releases/${older}/deployed-build.json`);
    expect(await record.json()).toMatchObject({ commit: history.first });
    const stable = (await served()).remotes.careers;

    // canary of a release older than the stable build: refused, nothing uploaded.
    await expect(liveCanary({ ...live(), percent: 10, release: older })).rejects.toThrow(
      `careers's canary (${releaseUrl(older)}): ${history.first} does not descend from ${history.second}, live now (an older build, or another branch): not putting it live.`,
    );
    expect(uploads).toHaveLength(2);
    expect((await served()).canaries).toBeUndefined();

    // canary and promote of a newer one.
    await liveCanary({ ...live(), percent: 10, release: newer });
    await livePromote(live());
    expect(await served()).toMatchObject({
      remotes: { careers: releaseUrl(newer) },
      previousRemotes: { careers: stable },
    });
    expect(uploads).toEqual(['careers', 'careers', 'shell', 'shell']);

    // Back to the build before the promote: older, so only with --older-build.
    await expect(liveRollback(live())).rejects.toThrow(
      `careers's stable build (${stable}): ${history.second} does not descend from ${history.third}, live now (an older build, or another branch): not putting it live. To put it back anyway: npm run release -- rollback careers --older-build.`,
    );
    expect(uploads).toHaveLength(4);
    await liveRollback({ ...live(), olderBuild: true });
    expect((await served()).remotes.careers).toBe(stable);

    // deploy: a build older than the live root, or of no known commit, is refused before upload.
    const assemble = (name: string, commit: string | undefined) =>
      assembleApp({
        workspaceRoot: history.checkout,
        site: { siteUrl: shell.url },
        into: fs.mkdtempSync(path.join(work, 'assembled-')),
        app: 'careers',
        distDir: careersBuild(work, name),
        commit,
      });
    await expect(assemble('root-first', history.first)).rejects.toThrow(
      `careers: ${history.first} does not descend from ${history.second}, live now`,
    );
    await expect(assemble('root-unknown', undefined)).rejects.toThrow(
      `careers: its commit is unknown, so nothing shows it descends from the live ${history.second}`,
    );

    // A canary runs while a deploy puts a newer build at the root: the canary, now behind, can no
    // longer be promoted or grown; withdrawing it is allowed.
    await liveCanary({ ...live(), percent: 10, release: newer });
    const root = await assemble('root-fourth', history.fourth);
    await uploadFolder(root, upload);
    const before = await served();
    await expect(livePromote(live())).rejects.toThrow(
      `careers's stable build (${releaseUrl(newer)}): ${history.third} does not descend from ${history.fourth}, live now`,
    );
    await expect(liveCanary({ ...live(), percent: 50, release: newer })).rejects.toThrow(
      /does not descend from/,
    );
    expect(await served()).toEqual(before);
    await liveRollback(live());
    const now = await served();
    expect(now.canaries).toEqual({});

    // A shell deploy with a runtime config of its own is held to the same rule for what it names.
    const shellDeploy = (careersManifest: string) =>
      assembleApp({
        workspaceRoot: history.checkout,
        site: { siteUrl: shell.url },
        into: fs.mkdtempSync(path.join(work, 'assembled-')),
        app: 'shell',
        distDir: path.join(work, 'no-shell-build'),
        commit: history.fourth,
        runtimeConfig: { ...now, remotes: { ...now.remotes, careers: careersManifest } },
      });
    await expect(shellDeploy(releaseUrl(older))).rejects.toThrow(
      `careers's stable build (${releaseUrl(older)}): ${history.first} does not descend from ${history.fourth}, live now`,
    );
    expect(uploads).toEqual([
      ...['careers', 'careers'], // two releases
      ...['shell', 'shell', 'shell'], // canary, promote, rollback --older-build
      ...['shell', 'careers', 'shell'], // canary, the root's deploy, the canary withdrawn
    ]);
  }, 240_000);
});
