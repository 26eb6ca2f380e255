import { parseRuntimeConfig, type RuntimeConfig } from '@agentora/data/runtime-config';
import { BUCKET_STORAGE_KEY, remotesForBucket, visitorBucket } from './release-bucket';
import { memoryStorage } from '../test-support/memory-storage';

const STABLE = 'https://careers.agentora.ai/mf-manifest.json';
const NEXT = 'https://careers.agentora.ai/releases/abc123/mf-manifest.json';
const CONFIG: RuntimeConfig = {
  remotes: {
    content: 'https://content.agentora.ai/mf-manifest.json',
    signups: 'https://signups.agentora.ai/mf-manifest.json',
    careers: STABLE,
    backoffice: STABLE,
  },
  supabase: { url: 'https://abc.supabase.co', publishableKey: 'sb_publishable_x' },
  canaries: { careers: { manifest: NEXT, percent: 10 } },
};

describe("a visitor's release bucket", () => {
  it('is drawn once and kept: the same visitor gets the same release on every load', () => {
    const storage = memoryStorage();
    expect(visitorBucket(storage, () => 7)).toBe(7);
    expect(visitorBucket(storage, () => 93)).toBe(7);
    expect(storage.getItem(BUCKET_STORAGE_KEY)).toBe('7');
  });

  it('is drawn again when what is kept is not a bucket, and without storage is one per load', () => {
    const storage = memoryStorage();
    for (const forged of ['100', '-1', '4.5', 'x', '']) {
      storage.setItem(BUCKET_STORAGE_KEY, forged);
      expect(visitorBucket(storage, () => 42)).toBe(42);
    }
    expect(visitorBucket(undefined, () => 3)).toBe(3);
    const draws = new Set(Array.from({ length: 400 }, () => visitorBucket(undefined)));
    expect([...draws].every((bucket) => bucket >= 0 && bucket < 100)).toBe(true);
    expect(draws.size).toBeGreaterThan(50);
  });
});

describe('a canary', () => {
  it('goes to the buckets below its percentage, and the rest keep the stable release', () => {
    expect(remotesForBucket(CONFIG, 0).careers).toBe(NEXT);
    expect(remotesForBucket(CONFIG, 9).careers).toBe(NEXT);
    expect(remotesForBucket(CONFIG, 10).careers).toBe(STABLE);
    expect(remotesForBucket(CONFIG, 99).careers).toBe(STABLE);
    expect(remotesForBucket(CONFIG, 0).content).toBe(CONFIG.remotes.content);
  });

  it('that is malformed in the config is left out: everyone gets the stable release', () => {
    for (const canary of [
      { manifest: 'javascript:alert(1)', percent: 10 },
      { manifest: NEXT, percent: 0 },
      { manifest: NEXT, percent: 101 },
      { manifest: NEXT, percent: 12.5 },
      { manifest: NEXT },
    ]) {
      const config = parseRuntimeConfig({ ...CONFIG, canaries: { careers: canary } });
      expect(config.canaries).toBeUndefined();
      expect(remotesForBucket(config, 0).careers).toBe(STABLE);
    }
    expect(parseRuntimeConfig(CONFIG).canaries).toEqual(CONFIG.canaries);
  });
});
