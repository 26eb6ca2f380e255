import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_EXPOSES } from '@agentora/contracts';
import { deployApp } from './deploy';
import { canary, deployRelease, promote, rollback, status, statusLines } from './releases';
import { gitHistory, type GitHistory } from './test-support/git-history';

const STABLE = 'https://careers.agentora.ai/mf-manifest.json';
const manifest = (extra: object = {}) => ({
  id: 'careers',
  name: 'careers',
  metaData: {},
  remotes: [],
  shared: [{ name: 'react', requiredVersion: '^19.0.0' }],
  exposes: REMOTE_EXPOSES.careers.map((name) => ({ path: name })),
  ...extra,
});

describe('canary, promote and rollback', () => {
  let shellDir: string;
  let hostDir: string;
  let build: string;
  let history: GitHistory;
  beforeAll(() => {
    history = gitHistory();
  });
  afterAll(() => history.remove());
  const config = () =>
    JSON.parse(fs.readFileSync(path.join(shellDir, 'runtime-config.json'), 'utf8'));
  const liveConfig = () => fs.readFileSync(path.join(shellDir, 'runtime-config.json'), 'utf8');
  /** The folders every command is given, and the history that judges commits. */
  const folders = () => ({ shellDir, hostDir, checkout: history.checkout });

  function writeBuild(content: object): string {
    fs.rmSync(build, { recursive: true, force: true });
    fs.mkdirSync(build);
    fs.writeFileSync(path.join(build, 'index.html'), '<!doctype html>');
    fs.writeFileSync(path.join(build, 'mf-manifest.json'), JSON.stringify(content));
    fs.writeFileSync(path.join(build, 'remoteEntry.js'), '');
    return build;
  }
  /** A release of a build from `commit` (default: the newest on main). */
  const buildWith = (content: object, commit = history.third) =>
    deployRelease(writeBuild(content), hostDir, commit);
  /** The build at the host's root (the stable one in the config), deployed from `commit`. */
  const deployRoot = (commit: string) =>
    deployApp(writeBuild(manifest({ metaData: { root: commit } })), hostDir, {
      remote: true,
      commit,
    });

  beforeEach(() => {
    [shellDir, hostDir, build] = ['shell-', 'host-', 'build-'].map((prefix) =>
      fs.mkdtempSync(path.join(os.tmpdir(), prefix)),
    ) as [string, string, string];
    fs.writeFileSync(path.join(shellDir, 'index.html'), '<script>loader()</script>');
    fs.writeFileSync(
      path.join(shellDir, 'runtime-config.json'),
      JSON.stringify({
        remotes: {
          content: 'https://content.agentora.ai/mf-manifest.json',
          signups: 'https://signups.agentora.ai/mf-manifest.json',
          careers: STABLE,
        },
        supabase: { url: 'https://abc.supabase.co', publishableKey: 'sb_publishable_x' },
      }),
    );
  });
  afterEach(() => {
    for (const dir of [shellDir, hostDir, build]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends a share to a release, promotes it for everyone, and rolls back to the one before', () => {
    deployRoot(history.first);
    const first = buildWith(manifest(), history.second);
    expect(fs.existsSync(path.join(hostDir, 'releases', first, 'mf-manifest.json'))).toBe(true);
    // The release records the commit it was built from, as a deploy does.
    expect(
      JSON.parse(
        fs.readFileSync(path.join(hostDir, 'releases', first, 'deployed-build.json'), 'utf8'),
      ),
    ).toMatchObject({ commit: history.second });
    const firstUrl = `https://careers.agentora.ai/releases/${first}/mf-manifest.json`;

    canary({ ...folders(), remote: 'careers', percent: 10 });
    expect(config().canaries).toEqual({ careers: { manifest: firstUrl, percent: 10 } });
    expect(config().remotes.careers).toBe(STABLE);
    // The headers follow the config.
    expect(fs.readFileSync(path.join(shellDir, '_headers'), 'utf8')).toContain(
      'https://careers.agentora.ai',
    );

    promote({ ...folders(), remote: 'careers' });
    expect(config().remotes.careers).toBe(firstUrl);
    expect(config().previousRemotes).toEqual({ careers: STABLE });
    expect(config().canaries).toEqual({});

    // The next release, canaried then withdrawn: the stable one is untouched, and withdrawing puts
    // nothing new live, so it needs no word of the operator's.
    const second = buildWith(manifest({ metaData: { build: 2 } }), history.third);
    canary({ ...folders(), remote: 'careers', percent: 50 });
    expect(config().canaries.careers.manifest).toContain(`/releases/${second}/`);
    rollback({ ...folders(), remote: 'careers' });
    expect(config().canaries).toEqual({});
    expect(config().remotes.careers).toBe(firstUrl);

    // Then back to the release before the last promote, whose files never left the host: an older
    // build for everyone, so only when the operator says so.
    const before = liveConfig();
    expect(() => rollback({ ...folders(), remote: 'careers' })).toThrow(
      `careers's stable build (${STABLE}): ${history.first} does not descend from ${history.second}, live now (an older build, or another branch): not putting it live. To put it back anyway: npm run release -- rollback careers --older-build.`,
    );
    expect(liveConfig()).toBe(before);
    rollback({ ...folders(), remote: 'careers', olderBuild: true });
    expect(config().remotes.careers).toBe(STABLE);
    expect(() => rollback({ ...folders(), remote: 'careers', olderBuild: true })).toThrow(
      /no canary and no earlier release/,
    );
  });

  it('refuses to send any visitor to a release older than the stable build, named or newest', () => {
    deployRoot(history.second);
    const older = buildWith(manifest(), history.first);
    const before = liveConfig();
    // Without --release, the newest deployed release: this one, however old its commit.
    expect(() => canary({ ...folders(), remote: 'careers', percent: 10 })).toThrow(
      `careers's canary (https://careers.agentora.ai/releases/${older}/mf-manifest.json): ${history.first} does not descend from ${history.second}, live now (an older build, or another branch): not putting it live.`,
    );
    const sideways = buildWith(manifest({ metaData: { build: 'side' } }), history.side);
    expect(() =>
      canary({ ...folders(), remote: 'careers', percent: 10, release: sideways }),
    ).toThrow(/does not descend from/);
    expect(liveConfig()).toBe(before);
    const newer = buildWith(manifest({ metaData: { build: 3 } }), history.third);
    canary({ ...folders(), remote: 'careers', percent: 10, release: newer });
    expect(config().canaries.careers.manifest).toContain(`/releases/${newer}/`);
  });

  it('refuses a canary that has fallen behind the stable build: to promote it, or to grow its share', () => {
    deployRoot(history.first);
    const release = buildWith(manifest(), history.second);
    canary({ ...folders(), remote: 'careers', percent: 10 });
    // A deploy puts a newer build at the host's root, the stable one, while the canary runs.
    deployRoot(history.third);
    const before = liveConfig();
    expect(() => promote({ ...folders(), remote: 'careers' })).toThrow(
      `careers's stable build (https://careers.agentora.ai/releases/${release}/mf-manifest.json): ${history.second} does not descend from ${history.third}, live now`,
    );
    expect(() => canary({ ...folders(), remote: 'careers', percent: 50, release })).toThrow(
      /does not descend from/,
    );
    expect(liveConfig()).toBe(before);
    // Withdrawing it is always allowed.
    rollback({ ...folders(), remote: 'careers' });
    expect(config().canaries).toEqual({});
  });

  it('refuses a release that records no commit once the stable build records one, and a release with no commit to record', () => {
    deployRoot(history.first);
    // A release put on the host before releases recorded their commits.
    const id = buildWith(manifest());
    const record = path.join(hostDir, 'releases', id, 'deployed-build.json');
    const { commit: _commit, ...withoutCommit } = JSON.parse(fs.readFileSync(record, 'utf8'));
    fs.writeFileSync(record, JSON.stringify(withoutCommit));
    expect(() => canary({ ...folders(), remote: 'careers', percent: 10 })).toThrow(
      `its commit is unknown, so nothing shows it descends from the live ${history.first}`,
    );
    expect(() => deployRelease(writeBuild(manifest()), hostDir, 'HEAD')).toThrow(
      'HEAD is not a commit: a release records the full one it comes from.',
    );
  });

  it('lets anything through over a stable build that records no commit (deployed before they were recorded)', () => {
    buildWith(manifest(), history.first);
    canary({ ...folders(), remote: 'careers', percent: 10 });
    promote({ ...folders(), remote: 'careers' });
    expect(config().remotes.careers).toContain('/releases/');
  });

  it('refuses unsafe moves and leaves the live config as it was', () => {
    const before = fs.readFileSync(path.join(shellDir, 'runtime-config.json'), 'utf8');
    expect(() => canary({ ...folders(), remote: 'careers', percent: 10 })).toThrow(/No release/);
    buildWith(manifest({ exposes: [{ path: './CareersPage' }, { path: './Extra' }] }));
    expect(() => canary({ ...folders(), remote: 'careers', percent: 10 })).toThrow(
      /breaks its contract/,
    );
    buildWith(manifest({ shared: [{ name: 'react', requiredVersion: '^18.0.0' }] }));
    expect(() => canary({ ...folders(), remote: 'careers', percent: 10 })).toThrow(/another major/);
    buildWith(manifest());
    for (const percent of [0, 101, 2.5, Number.NaN])
      expect(() => canary({ ...folders(), remote: 'careers', percent })).toThrow(/percent/);
    expect(() => canary({ ...folders(), remote: 'shell', percent: 10 })).toThrow(/not a remote/);
    expect(() =>
      canary({ ...folders(), remote: 'careers', percent: 10, release: '../../etc' }),
    ).toThrow(/No release/);
    expect(() => promote({ ...folders(), remote: 'careers' })).toThrow(/no canary to promote/);
    expect(fs.readFileSync(path.join(shellDir, 'runtime-config.json'), 'utf8')).toBe(before);
  });

  it('asks only for the releases it shows: more than 1,000 rows of others cannot push them out', async () => {
    const first = buildWith(manifest());
    canary({ ...folders(), remote: 'careers', percent: 10 });
    const next = `https://careers.agentora.ai/releases/${first}/mf-manifest.json`;
    const today = new Date().toISOString().slice(0, 10);
    const row = (release: string, loads: number, loadFailures: number) => ({
      remote: 'careers',
      day: today,
      release,
      loads,
      load_failures: loadFailures,
      render_failures: 0,
    });
    // The table as hosted PostgREST answers it: at most 1,000 rows a request, in the table's order,
    // made-up releases first.
    const table = [
      ...Array.from({ length: 1500 }, (_, n) =>
        row(
          `https://careers.agentora.ai/releases/${n.toString(16).padStart(12, '0')}/mf-manifest.json`,
          0,
          1,
        ),
      ),
      row(STABLE, 50, 0),
      row(next, 5, 0),
    ];
    const fetchImpl = (async (url: URL | string) => {
      const params = new URL(String(url)).searchParams;
      const since = params.get('day')?.replace(/^gte\./, '') ?? '';
      const wanted = /^in\.\((.*)\)$/
        .exec(params.get('release') ?? '')?.[1]
        .split(',')
        .map((item) => item.replace(/^"(.*)"$/, '$1'));
      return Response.json(
        table
          .filter(
            (r) =>
              `eq.${r.remote}` === params.get('remote') &&
              r.day >= since &&
              (!wanted || wanted.includes(r.release)),
          )
          .slice(0, 1000),
      );
    }) as typeof fetch;
    const result = await status({
      shellDir,
      remote: 'careers',
      apiUrl: 'https://abc.supabase.co',
      serviceKey: 'secret',
      fetchImpl,
    });
    expect(result.stable).toMatchObject({ release: STABLE, loads: 50, errorRate: 0 });
    expect(result.canary).toMatchObject({ release: next, loads: 5, errorRate: 0 });
  });

  it("puts the stable release's and the canary's error rates side by side", async () => {
    const first = buildWith(manifest());
    canary({ ...folders(), remote: 'careers', percent: 10 });
    const next = `https://careers.agentora.ai/releases/${first}/mf-manifest.json`;
    const asked: string[] = [];
    const fetchImpl = (async (url: URL | string, init?: RequestInit) => {
      asked.push(`${String(url)} ${(init?.headers as Record<string, string>).apikey}`);
      return Response.json([
        { release: STABLE, loads: 90, load_failures: 0, render_failures: 1 },
        { release: STABLE, loads: 10, load_failures: 0, render_failures: 0 },
        { release: next, loads: 8, load_failures: 2, render_failures: 1 },
      ]);
    }) as typeof fetch;
    const result = await status({
      shellDir,
      remote: 'careers',
      apiUrl: 'https://abc.supabase.co',
      serviceKey: 'secret',
      fetchImpl,
    });
    expect(asked[0]).toMatch(
      /^https:\/\/abc\.supabase\.co\/rest\/v1\/remote_health\?select=release%2Cloads%2Cload_failures%2Crender_failures&remote=eq\.careers&day=gte\.\d{4}-\d{2}-\d{2}&release=in\.\S+ secret$/,
    );
    expect(new URL(asked[0]!.split(' ')[0]!).searchParams.get('release')).toBe(
      `in.("${STABLE}","${next}")`,
    );
    expect(result.stable).toMatchObject({ loads: 100, renderFailures: 1, errorRate: 0.01 });
    expect(result.canary).toMatchObject({ percent: 10, loads: 8, loadFailures: 2, errorRate: 0.3 });
    expect(statusLines(result)).toEqual([
      `stable         ${STABLE}: 100 loads, 0 failed to load, 1 failed while rendering, error rate 1.0 %`,
      `canary 10 %    ${next}: 8 loads, 2 failed to load, 1 failed while rendering, error rate 30.0 %`,
    ]);
  });
});
