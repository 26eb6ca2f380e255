import type { RuntimeConfig } from '@agentora/data/runtime-config';
import { invalidOverrideOrigins, parseRuntimeConfig } from '@agentora/data/runtime-config';
import {
  OVERRIDES_STORAGE_KEY,
  checkOverride,
  confirmOverride,
  originAllowed,
  resolveRemoteOverrides,
  type RemoteOverride,
} from './remote-overrides';
import { OVERRIDE_BANNER_ID, showOverrideBanner, withoutOverrideParam } from './override-banner';
import { memoryStorage } from '../test-support/memory-storage';

const PREVIEWS = 'https://*.previews.agentora.ai';
const CONFIG: RuntimeConfig = {
  remotes: {
    content: 'https://content.agentora.ai/mf-manifest.json',
    signups: 'https://signups.agentora.ai/mf-manifest.json',
    careers: 'https://careers.agentora.ai/mf-manifest.json',
    backoffice: 'https://backoffice.agentora.ai/mf-manifest.json',
  },
  supabase: { url: 'https://abc.supabase.co', publishableKey: 'sb_publishable_x' },
  remoteOverrides: { allowedOrigins: [PREVIEWS, 'http://127.0.0.1:4391'] },
};
const PR_BUILD = 'https://pr-42.previews.agentora.ai/careers/mf-manifest.json';

const link = (value: string) => `?${new URLSearchParams({ 'remote-override': value })}`;
const SITE = 'agentora.ai';
const resolve = (search: string, storage: Storage | undefined, config = CONFIG) =>
  resolveRemoteOverrides(config, search, storage, SITE);
const PR_OVERRIDE: RemoteOverride = { remote: 'careers', manifestUrl: PR_BUILD };

describe('the allow-list', () => {
  it('takes exact origins and one level of subdomain under a wildcard', () => {
    expect(originAllowed('https://pr-42.previews.agentora.ai', [PREVIEWS])).toBe(true);
    expect(originAllowed('http://127.0.0.1:4391', ['http://127.0.0.1:4391'])).toBe(true);
    expect(originAllowed('https://previews.agentora.ai', [PREVIEWS])).toBe(false);
    expect(originAllowed('https://a.b.previews.agentora.ai', [PREVIEWS])).toBe(false);
    expect(originAllowed('http://pr-42.previews.agentora.ai', [PREVIEWS])).toBe(false);
    expect(originAllowed('https://pr-42.previews.agentora.ai:8443', [PREVIEWS])).toBe(false);
    expect(originAllowed('https://evilpreviews.agentora.ai', [PREVIEWS])).toBe(false);
    expect(originAllowed('https://pr.previews.agentora.ai.evil.com', [PREVIEWS])).toBe(false);
    expect(originAllowed('http://127.0.0.1:4392', ['http://127.0.0.1:4391'])).toBe(false);
  });

  it('keeps only origin patterns when the config is read, and a bad entry never stops the site', () => {
    const config = (allowedOrigins: unknown) =>
      parseRuntimeConfig({ ...CONFIG, remoteOverrides: { allowedOrigins } });
    expect(config([PREVIEWS]).remoteOverrides).toEqual({ allowedOrigins: [PREVIEWS] });
    const bad = [
      'https://previews.agentora.ai/',
      'https://previews.agentora.ai/path',
      'http://pr.example.com',
      '*',
      'https://*',
      'https://*.com',
      'https://*.github.io',
      42,
    ];
    expect(config([...bad, PREVIEWS]).remoteOverrides).toEqual({ allowedOrigins: [PREVIEWS] });
    expect(
      invalidOverrideOrigins({ remoteOverrides: { allowedOrigins: [...bad, PREVIEWS] } }),
    ).toEqual(bad.map(String));
    expect(config('https://x.previews.agentora.ai')).not.toHaveProperty('remoteOverrides');
    expect(parseRuntimeConfig({ ...CONFIG, remoteOverrides: undefined })).not.toHaveProperty(
      'remoteOverrides',
    );
  });
});

describe('an override link', () => {
  it('waits for a confirmation; then the remote points at the build in this browser until cleared', () => {
    const storage = memoryStorage();
    const asked = resolve(link(`careers=${PR_BUILD}`), storage);
    // A link alone runs nothing: it asks.
    expect(asked.pending).toEqual(PR_OVERRIDE);
    expect(asked.remotes).toEqual(CONFIG.remotes);
    expect(storage.getItem(OVERRIDES_STORAGE_KEY)).toBeNull();
    confirmOverride(storage, PR_OVERRIDE);
    const next = resolve('', storage);
    expect(next.remotes).toEqual({ ...CONFIG.remotes, careers: PR_BUILD });
    expect(next.active).toEqual([PR_OVERRIDE]);
    expect(resolve(link('clear'), storage).remotes).toEqual(CONFIG.remotes);
    expect(storage.getItem(OVERRIDES_STORAGE_KEY)).toBeNull();
    expect(
      withoutOverrideParam(`https://agentora.ai/careers${link(`careers=${PR_BUILD}`)}&x=1#apply`),
    ).toBe('https://agentora.ai/careers?x=1#apply');
  });

  it('is refused, and changes nothing, from an origin off the list or when malformed', () => {
    const storage = memoryStorage();
    for (const [value, reason] of [
      ['careers=https://evil.example.com/mf-manifest.json', /not on this site's list/],
      ['careers=https://pr-1.previews.agentora.ai/x.js', /mf-manifest\.json/],
      ['careers=javascript:alert(1)', /http\(s\)/],
      ['careers=https://u:p@pr-1.previews.agentora.ai/mf-manifest.json', /credentials/],
      ['shell=https://pr-1.previews.agentora.ai/mf-manifest.json', /not a remote/],
      ['__proto__=https://pr-1.previews.agentora.ai/mf-manifest.json', /not a remote/],
      ['careers', /^"careers" is not a remote/],
      ['careers=not a url', /not a URL/],
      ['careers=http://127.0.0.1:4391/mf-manifest.json', /plain http/],
    ] as const) {
      const state = resolve(link(value), storage);
      expect(state.remotes).toEqual(CONFIG.remotes);
      expect(state.pending).toBeUndefined();
      expect(state.refused?.reason).toMatch(reason);
    }
    expect(storage.getItem(OVERRIDES_STORAGE_KEY)).toBeNull();
    // On a local site a loopback build is fine.
    expect(
      resolveRemoteOverrides(
        CONFIG,
        link('careers=http://127.0.0.1:4391/mf-manifest.json'),
        storage,
        '127.0.0.1',
      ).pending,
    ).toEqual({ remote: 'careers', manifestUrl: 'http://127.0.0.1:4391/mf-manifest.json' });
  });

  it('ends when the config no longer allows its origin, and ignores forged storage', () => {
    const storage = memoryStorage();
    confirmOverride(storage, PR_OVERRIDE);
    const tightened = { ...CONFIG, remoteOverrides: { allowedOrigins: [] } };
    expect(resolve('', storage, tightened).remotes).toEqual(CONFIG.remotes);
    storage.setItem(
      OVERRIDES_STORAGE_KEY,
      JSON.stringify([
        { remote: 'careers', manifestUrl: 'https://evil.example.com/mf-manifest.json' },
      ]),
    );
    expect(resolve('', storage).remotes).toEqual(CONFIG.remotes);
    storage.setItem(OVERRIDES_STORAGE_KEY, '{not json');
    expect(resolve('', storage).active).toEqual([]);
    expect(checkOverride(`careers=${PR_BUILD}`, [], SITE)).toEqual({
      reason: "https://pr-42.previews.agentora.ai is not on this site's list of preview origins.",
    });
  });

  it("from a stranger's bucket is refused when the list names a shared host's wildcard", () => {
    // Such entries never reach a deployed config (the deploy refuses them); the shell leaves them out
    // however its config was read.
    const shared = {
      ...CONFIG,
      remoteOverrides: {
        allowedOrigins: [
          'https://*.s3.amazonaws.com',
          'https://*.blob.core.windows.net',
          'https://*.us-east-1.elasticbeanstalk.com',
        ],
      },
    };
    const storage = memoryStorage();
    for (const build of [
      'https://attacker.s3.amazonaws.com/mf-manifest.json',
      'https://attacker.blob.core.windows.net/careers/mf-manifest.json',
      'https://attacker.us-east-1.elasticbeanstalk.com/mf-manifest.json',
    ]) {
      for (const config of [shared, parseRuntimeConfig(shared)]) {
        const state = resolve(link(`careers=${build}`), storage, config);
        expect(state.pending).toBeUndefined();
        expect(state.refused?.reason).toMatch(/not on this site's list/);
      }
      storage.setItem(
        OVERRIDES_STORAGE_KEY,
        JSON.stringify([{ remote: 'careers', manifestUrl: build }]),
      );
      expect(resolve('', storage, shared).remotes).toEqual(CONFIG.remotes);
    }
  });

  it('without storage (refused by the browser) is confirmed for nothing, and breaks nothing', () => {
    confirmOverride(undefined, PR_OVERRIDE);
    expect(resolve(link(`careers=${PR_BUILD}`), undefined).remotes).toEqual(CONFIG.remotes);
  });
});

describe('the banner', () => {
  afterEach(() => document.getElementById(OVERRIDE_BANNER_ID)?.remove());

  it('names the override and offers to clear it; says nothing when there is none', () => {
    showOverrideBanner({ remotes: CONFIG.remotes, active: [] }, undefined);
    expect(document.getElementById(OVERRIDE_BANNER_ID)).toBeNull();
    showOverrideBanner(
      { remotes: { ...CONFIG.remotes, careers: PR_BUILD }, active: [PR_OVERRIDE] },
      undefined,
    );
    const banner = document.getElementById(OVERRIDE_BANNER_ID)!;
    expect(banner.parentElement).toBe(document.body);
    expect(banner).toHaveTextContent(
      `Previewing "careers" from ${PR_BUILD}, in this browser only.`,
    );
    expect(banner.querySelector('button')).toHaveTextContent('Clear override');
  });

  it("asks before a link's build runs: Load keeps it, Cancel keeps nothing", () => {
    const storage = memoryStorage();
    showOverrideBanner({ remotes: CONFIG.remotes, active: [], pending: PR_OVERRIDE }, storage);
    const banner = document.getElementById(OVERRIDE_BANNER_ID)!;
    expect(banner).toHaveTextContent(`Load "careers" from ${PR_BUILD} in this browser?`);
    expect([...banner.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Load this build',
      'Cancel',
    ]);
    banner.querySelectorAll('button')[1]!.click();
    expect(document.getElementById(OVERRIDE_BANNER_ID)).toBeNull();
    expect(storage.getItem(OVERRIDES_STORAGE_KEY)).toBeNull();
  });

  it('says why a link was refused, as text, whatever the link said', () => {
    showOverrideBanner(
      {
        remotes: CONFIG.remotes,
        active: [],
        refused: { value: '<img src=x onerror=alert(1)>', reason: '<b>not</b> allowed' },
      },
      undefined,
    );
    const banner = document.getElementById(OVERRIDE_BANNER_ID)!;
    expect(banner).toHaveTextContent('Remote override refused: <b>not</b> allowed');
    expect(banner.querySelector('img, b')).toBeNull();
    banner.querySelector('button')!.click();
    expect(document.getElementById(OVERRIDE_BANNER_ID)).toBeNull();
  });
});
