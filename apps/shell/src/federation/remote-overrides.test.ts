import type { RuntimeConfig } from '@agentora/data/runtime-config';
import { parseRuntimeConfig } from '@agentora/data/runtime-config';
import {
  OVERRIDES_STORAGE_KEY,
  checkOverride,
  originAllowed,
  resolveRemoteOverrides,
} from './remote-overrides';
import { OVERRIDE_BANNER_ID, showOverrideBanner, withoutOverrideParam } from './override-banner';

const PREVIEWS = 'https://*.previews.agentora.ai';
const CONFIG: RuntimeConfig = {
  remotes: {
    content: 'https://content.agentora.ai/mf-manifest.json',
    signups: 'https://signups.agentora.ai/mf-manifest.json',
    careers: 'https://careers.agentora.ai/mf-manifest.json',
  },
  supabase: { url: 'https://abc.supabase.co', publishableKey: 'sb_publishable_x' },
  remoteOverrides: { allowedOrigins: [PREVIEWS, 'http://127.0.0.1:4391'] },
};
const PR_BUILD = 'https://pr-42.previews.agentora.ai/careers/mf-manifest.json';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const link = (value: string) => `?${new URLSearchParams({ 'remote-override': value })}`;

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

  it('is checked when the runtime config is read: origins only, https unless loopback', () => {
    const config = (allowedOrigins: unknown) =>
      parseRuntimeConfig({ ...CONFIG, remoteOverrides: { allowedOrigins } });
    expect(config([PREVIEWS]).remoteOverrides).toEqual({ allowedOrigins: [PREVIEWS] });
    for (const bad of [
      ['https://previews.agentora.ai/path'],
      ['http://pr.example.com'],
      ['*'],
      ['https://*'],
      'https://x.example.com',
      [42],
    ])
      expect(() => config(bad)).toThrow(/allowedOrigins/);
    expect(parseRuntimeConfig({ ...CONFIG, remoteOverrides: undefined })).not.toHaveProperty(
      'remoteOverrides',
    );
  });
});

describe('an override link', () => {
  it('points the remote at the build for this browser, and the link can be shared no further', () => {
    const storage = memoryStorage();
    const state = resolveRemoteOverrides(CONFIG, link(`careers=${PR_BUILD}`), storage);
    expect(state.remotes).toEqual({ ...CONFIG.remotes, careers: PR_BUILD });
    expect(state.active).toEqual([{ remote: 'careers', manifestUrl: PR_BUILD }]);
    expect(state.refused).toBeUndefined();
    // The next page, without the link, still has it; clearing ends it.
    expect(resolveRemoteOverrides(CONFIG, '', storage).remotes.careers).toBe(PR_BUILD);
    expect(resolveRemoteOverrides(CONFIG, link('clear'), storage).remotes).toEqual(CONFIG.remotes);
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
      ['careers', /not a remote|URL/],
      ['careers=not a url', /not a URL/],
    ] as const) {
      const state = resolveRemoteOverrides(CONFIG, link(value), storage);
      expect(state.remotes).toEqual(CONFIG.remotes);
      expect(state.refused?.reason).toMatch(reason);
    }
    expect(storage.getItem(OVERRIDES_STORAGE_KEY)).toBeNull();
  });

  it('ends when the config no longer allows its origin, and ignores forged storage', () => {
    const storage = memoryStorage();
    resolveRemoteOverrides(CONFIG, link(`careers=${PR_BUILD}`), storage);
    const tightened = { ...CONFIG, remoteOverrides: { allowedOrigins: [] } };
    expect(resolveRemoteOverrides(tightened, '', storage).remotes).toEqual(CONFIG.remotes);
    storage.setItem(
      OVERRIDES_STORAGE_KEY,
      JSON.stringify([
        { remote: 'careers', manifestUrl: 'https://evil.example.com/mf-manifest.json' },
      ]),
    );
    expect(resolveRemoteOverrides(CONFIG, '', storage).remotes).toEqual(CONFIG.remotes);
    storage.setItem(OVERRIDES_STORAGE_KEY, '{not json');
    expect(resolveRemoteOverrides(CONFIG, '', storage).active).toEqual([]);
    expect(checkOverride(`careers=${PR_BUILD}`, [])).toEqual({
      reason: "https://pr-42.previews.agentora.ai is not on this site's list of preview origins.",
    });
  });

  it('without storage (refused by the browser) lasts for the page only', () => {
    const state = resolveRemoteOverrides(CONFIG, link(`careers=${PR_BUILD}`), undefined);
    expect(state.remotes.careers).toBe(PR_BUILD);
  });
});

describe('the banner', () => {
  afterEach(() => document.getElementById(OVERRIDE_BANNER_ID)?.remove());

  it('names the override and offers to clear it; says nothing when there is none', () => {
    showOverrideBanner({ remotes: CONFIG.remotes, active: [] });
    expect(document.getElementById(OVERRIDE_BANNER_ID)).toBeNull();
    showOverrideBanner({
      remotes: { ...CONFIG.remotes, careers: PR_BUILD },
      active: [{ remote: 'careers', manifestUrl: PR_BUILD }],
    });
    const banner = document.getElementById(OVERRIDE_BANNER_ID)!;
    expect(banner.parentElement).toBe(document.body);
    expect(banner).toHaveTextContent(
      `Previewing "careers" from ${PR_BUILD}, in this browser only.`,
    );
    expect(banner.querySelector('button')).toHaveTextContent('Clear override');
  });

  it('says why a link was refused, as text, whatever the link said', () => {
    showOverrideBanner({
      remotes: CONFIG.remotes,
      active: [],
      refused: { value: '<img src=x onerror=alert(1)>', reason: '<b>not</b> allowed' },
    });
    const banner = document.getElementById(OVERRIDE_BANNER_ID)!;
    expect(banner).toHaveTextContent('Remote override refused: <b>not</b> allowed');
    expect(banner.querySelector('img, b')).toBeNull();
    banner.querySelector('button')!.click();
    expect(document.getElementById(OVERRIDE_BANNER_ID)).toBeNull();
  });
});
