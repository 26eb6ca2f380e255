import {
  ATTRIBUTION_KEY,
  attributionOf,
  captureAttribution,
  readAttribution,
  resetAttribution,
} from './attribution-store';

const CODE = '0123456789abcdef';

/** A page of this site opened at `address`. */
function page(address: string) {
  const { search, pathname, hostname } = new URL(address, 'https://agentora.ai');
  return { search, pathname, hostname };
}

function blockStorage() {
  return jest.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  });
}

beforeEach(() => {
  window.sessionStorage.clear();
  resetAttribution();
});
afterEach(() => jest.restoreAllMocks());

describe('attributionOf', () => {
  it('takes the campaign tags, the referring host and the landing path, normalised as stored', () => {
    expect(
      attributionOf(
        page('/blog/?utm_source=News Letter&utm_medium=EMAIL&utm_campaign=Launch%20Post!'),
        'https://www.Example.com/some/page?q=secret',
      ),
    ).toEqual({
      utm_source: 'news-letter',
      utm_medium: 'email',
      utm_campaign: 'launch-post',
      referrer_host: 'www.example.com',
      landing_path: '/blog',
    });
  });

  it('knows nothing of a direct visit but its landing page, and no referrer of its own site', () => {
    expect(attributionOf(page('/'), '')).toEqual({ landing_path: '/' });
    expect(attributionOf(page('/about'), 'https://agentora.ai/careers')).toEqual({
      landing_path: '/about',
    });
    expect(attributionOf(page('/about'), 'android-app://com.example')).toEqual({
      landing_path: '/about',
    });
  });

  it('keeps a referral code of the right shape, and counts such a link as the referral source', () => {
    expect(attributionOf(page(`/coming-soon?ref=${CODE}`), '')).toEqual({
      utm_source: 'referral',
      landing_path: '/coming-soon',
      referred_by: CODE,
    });
    // Its own campaign tags win.
    expect(attributionOf(page(`/?ref=${CODE}&utm_source=twitter`), '')).toMatchObject({
      utm_source: 'twitter',
      referred_by: CODE,
    });
    for (const ref of ['0123456789ABCDEF', '0123', `${CODE}0`, "x' or 1=1"]) {
      expect(attributionOf(page(`/?ref=${encodeURIComponent(ref)}`), '')).toEqual({
        landing_path: '/',
      });
    }
  });

  it('leaves out a tag with nothing left of it and a path a route never has', () => {
    expect(attributionOf(page('/x%20y?utm_source=%F0%9F%98%80&utm_medium=---'), '')).toEqual({});
  });
});

describe('captureAttribution', () => {
  it('records the first page of the visit in the tab, and later pages never overwrite it', () => {
    expect(captureAttribution(page('/?utm_source=launch'), 'https://news.example.org/')).toBe(true);
    expect(JSON.parse(window.sessionStorage.getItem(ATTRIBUTION_KEY)!)).toEqual({
      utm_source: 'launch',
      referrer_host: 'news.example.org',
      landing_path: '/',
    });
    resetAttribution(); // the next page is a new document
    expect(
      captureAttribution(page('/careers?utm_source=other'), 'https://elsewhere.example/'),
    ).toBe(false);
    expect(readAttribution()).toEqual({
      utm_source: 'launch',
      referrer_host: 'news.example.org',
      landing_path: '/',
    });
  });

  it('records a direct visit too, so its next page is no landing', () => {
    expect(captureAttribution(page('/about'), '')).toBe(true);
    expect(captureAttribution(page('/careers'), 'https://agentora.ai/about')).toBe(false);
    expect(readAttribution()).toEqual({ landing_path: '/about' });
  });

  it('takes a page of the site opened in a new tab (empty storage) for no landing', () => {
    expect(captureAttribution(page('/coming-soon'), 'https://agentora.ai/about')).toBe(false);
    expect(readAttribution()).toEqual({ landing_path: '/coming-soon' });
  });

  it('ignores blocked storage: the page keeps its source, and only a page from elsewhere lands', () => {
    blockStorage();
    expect(captureAttribution(page(`/?ref=${CODE}`), 'https://friend.example/')).toBe(true);
    expect(readAttribution()).toEqual({
      utm_source: 'referral',
      referrer_host: 'friend.example',
      landing_path: '/',
      referred_by: CODE,
    });
    resetAttribution();
    expect(captureAttribution(page('/about'), 'https://agentora.ai/')).toBe(false);
    expect(readAttribution()).toEqual({ landing_path: '/about' });
  });

  it('ignores a full storage: the page keeps its source', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    expect(captureAttribution(page('/?utm_campaign=spring'), '')).toBe(true);
    expect(readAttribution()).toEqual({ utm_campaign: 'spring', landing_path: '/' });
  });
});

describe('readAttribution', () => {
  it('is empty before anything was recorded', () => {
    expect(readAttribution()).toEqual({});
  });

  it('keeps only the fields of a stored record that have their shape', () => {
    window.sessionStorage.setItem(
      ATTRIBUTION_KEY,
      JSON.stringify({
        utm_source: 'ok',
        utm_medium: 'Not OK',
        referrer_host: 'evil.example/path',
        landing_path: '/fine',
        referred_by: 'nope',
        email: 'someone@example.org',
      }),
    );
    expect(readAttribution()).toEqual({ utm_source: 'ok', landing_path: '/fine' });
    window.sessionStorage.setItem(ATTRIBUTION_KEY, '{not json');
    expect(readAttribution()).toEqual({});
    window.sessionStorage.setItem(ATTRIBUTION_KEY, '"a string"');
    expect(readAttribution()).toEqual({});
  });
});
