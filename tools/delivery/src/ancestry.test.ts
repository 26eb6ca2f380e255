import type { RuntimeConfigJson } from '@agentora/contracts/apps';
import { buildCommit, checkDescends, configMoves, isCommit } from './ancestry';
import { gitHistory, type GitHistory } from './test-support/git-history';

describe('checkDescends', () => {
  let history: GitHistory;
  beforeAll(() => {
    history = gitHistory();
  });
  afterAll(() => history.remove());
  const check = (live: string | undefined, next: string | undefined, instead?: string) => () =>
    checkDescends({ what: 'careers', live, next, checkout: history.checkout, instead });

  it('lets a build through whose commit descends from the live one, or is it', () => {
    expect(check(history.first, history.third)).not.toThrow();
    expect(check(history.second, history.second)).not.toThrow();
    expect(check(history.first, history.side)).not.toThrow();
  });

  it('lets anything replace a build that records no commit (put live before commits were recorded)', () => {
    expect(check(undefined, history.first)).not.toThrow();
    expect(check(undefined, undefined)).not.toThrow();
  });

  it('refuses an older build, in one line that names both commits', () => {
    const refusal = `careers: ${history.second} does not descend from ${history.third}, live now (an older build, or another branch): not putting it live.`;
    expect(check(history.third, history.second)).toThrow(refusal);
    expect(check(history.third, history.second, 'Do this instead.')).toThrow(
      `${refusal} Do this instead.`,
    );
  });

  it("refuses another branch's build", () => {
    expect(check(history.second, history.side)).toThrow(/does not descend from/);
  });

  it('refuses a build whose commit is unknown or not a commit, over one that records its own', () => {
    expect(check(history.first, undefined)).toThrow(
      `careers: its commit is unknown, so nothing shows it descends from the live ${history.first}: not putting it live.`,
    );
    expect(check(history.first, 'main')).toThrow(/its commit is unknown/);
    expect(check(history.first, history.third.slice(0, 12))).toThrow(/its commit is unknown/);
    // Not an argument git would take for an option, either.
    expect(check('--help', history.first)).toThrow(
      'careers: the live build records something that is not a commit: not putting it live.',
    );
  });

  it('refuses what the history of the checkout does not hold (a shallow clone): fetch it', () => {
    const absent = 'a'.repeat(40);
    expect(check(absent, history.first)).toThrow(
      `careers: ${absent} (live) or ${history.first} is not in the history of ${history.checkout}: fetch it and run again: not putting it live.`,
    );
    expect(check(history.first, absent)).toThrow(/is not in the history of/);
  });

  it('names full commits only', () => {
    expect(isCommit(history.first)).toBe(true);
    expect(isCommit('f'.repeat(64))).toBe(true);
    for (const value of [history.first.slice(1), history.first.toUpperCase(), 'HEAD', '', 42])
      expect(isCommit(value)).toBe(false);
  });
});

describe('buildCommit', () => {
  const sha = process.env.GITHUB_SHA;
  afterEach(() => {
    if (sha === undefined) delete process.env.GITHUB_SHA;
    else process.env.GITHUB_SHA = sha;
  });

  it("is the one given, else CI's, else the checkout's HEAD", () => {
    const history = gitHistory();
    try {
      delete process.env.GITHUB_SHA;
      expect(buildCommit(history.checkout)).toBe(history.side);
      process.env.GITHUB_SHA = history.first;
      expect(buildCommit(history.checkout)).toBe(history.first);
      expect(buildCommit(history.checkout, history.second)).toBe(history.second);
      delete process.env.GITHUB_SHA;
      expect(buildCommit(history.checkout + '-not-a-checkout')).toBeUndefined();
    } finally {
      history.remove();
    }
  });
});

describe('configMoves', () => {
  const root = 'https://careers.agentora.ai/mf-manifest.json';
  const release = (id: string) => `https://careers.agentora.ai/releases/${id}/mf-manifest.json`;
  const config = (extra: Partial<RuntimeConfigJson> = {}): RuntimeConfigJson => ({
    remotes: {
      content: 'https://content.agentora.ai/mf-manifest.json',
      signups: 'https://signups.agentora.ai/mf-manifest.json',
      careers: root,
      backoffice: 'https://backoffice.agentora.ai/mf-manifest.json',
    },
    supabase: { url: 'https://abc.supabase.co', publishableKey: 'sb_publishable_x' },
    ...extra,
  });
  const canaried = (id: string, percent: number) =>
    config({ canaries: { careers: { manifest: release(id), percent } } });

  it('holds a new canary, and a canary changed in any way, to the stable build', () => {
    expect(configMoves(config(), canaried('aaa', 10))).toEqual([
      { remote: 'careers', role: 'canary', next: release('aaa'), live: root },
    ]);
    expect(configMoves(canaried('aaa', 10), canaried('aaa', 50))).toEqual([
      { remote: 'careers', role: 'canary', next: release('aaa'), live: root },
    ]);
    expect(configMoves(canaried('aaa', 10), canaried('aaa', 10))).toEqual([]);
  });

  it('holds a new stable build to the one it replaces', () => {
    const promoted = config({ remotes: { ...config().remotes, careers: release('aaa') } });
    expect(configMoves(canaried('aaa', 10), promoted)).toEqual([
      { remote: 'careers', role: 'stable', next: release('aaa'), live: root },
    ]);
    expect(configMoves(promoted, config())).toEqual([
      { remote: 'careers', role: 'stable', next: root, live: release('aaa') },
    ]);
  });

  it('puts nothing live when a canary is withdrawn, or for a remote the live config did not name', () => {
    expect(configMoves(canaried('aaa', 10), config())).toEqual([]);
    const before = config();
    delete (before.remotes as Partial<RuntimeConfigJson['remotes']>).backoffice;
    expect(configMoves(before, config())).toEqual([]);
  });
});
