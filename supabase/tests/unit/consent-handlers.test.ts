import { createConfirmEmailHandler } from '../../functions/confirm-email/handler.ts';
import type { ConsentLedger, PrivacyLedger } from '../../functions/_shared/consent/link-ledger.ts';
import { emailLinks, publicUrls } from '../../functions/_shared/links/public-urls.ts';
import { siteOrigins } from '../../functions/_shared/http/site-origin.ts';
import { listUnsubscribeHeaders, mailHeaders } from '../../functions/_shared/mail/headers.ts';
import {
  isTokenShape,
  mailLinkToken,
  newToken,
  tokenHash,
} from '../../functions/_shared/tokens/email-token.ts';
import { createPrivacyRequestHandler } from '../../functions/privacy-request/handler.ts';
import { createUnsubscribeHandler } from '../../functions/unsubscribe/handler.ts';
import { sha256 } from '../test-support/consent.ts';
import { allow, NEUTRAL, origins, quiet, urls } from '../test-support/link-function-fakes.ts';

// The link functions' own rules, as they hold on hosted Supabase whatever the gateway in front does: the
// origin rule, the neutral answer, the methods and bodies, the deferred privacy mail. The real SQL and
// server run in consent.test.ts and privacy.test.ts.

function post(url: string, body: string, headers: Record<string, string> = {}): Request {
  return new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'cf-connecting-ip': '203.0.113.9', ...headers },
    body,
  });
}

describe('tokens', () => {
  it('are 32 random bytes in base64url, stored as their SHA-256', async () => {
    const issued = await Promise.all(Array.from({ length: 50 }, () => newToken()));
    for (const { token, hash } of issued) {
      expect(isTokenShape(token)).toBe(true);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(hash).toBe(sha256(token));
      expect(await tokenHash(token)).toBe(hash);
    }
    expect(new Set(issued.map(({ token }) => token)).size).toBe(50);
  });
});

describe('links and headers', () => {
  it('are the configured bases, a fixed path and the token', () => {
    expect(emailLinks.confirmPage(urls, 'T')).toBe('https://agentora.ai/email/confirm?token=T');
    expect(emailLinks.oneClickUnsubscribe(urls, 'T')).toBe(
      'https://project.supabase.co/functions/v1/unsubscribe?token=T',
    );
    expect(emailLinks.privacyLink(urls, 'copy', 'T')).toBe(
      'https://agentora.ai/privacy/erase?action=copy&token=T',
    );
    expect(publicUrls({ supabaseUrl: 'http://127.0.0.1:54321/' }).siteUrl).toBe(
      'https://agentora.ai',
    );
  });

  it.each([
    'https://agentora.ai\r\nBcc: everyone@example.com',
    'javascript:alert(1)',
    'https://agentora.ai/?next=https://evil.example',
    'https://user:pass@agentora.ai',
    'not a url',
  ])('refuse %j as SITE_URL', (siteUrl) => {
    expect(() => publicUrls({ siteUrl, supabaseUrl: 'https://project.supabase.co' })).toThrow(
      /SITE_URL/,
    );
  });

  it('refuse a header that would start another header', () => {
    expect(listUnsubscribeHeaders('https://x.example/u?token=T')).toEqual({
      'List-Unsubscribe': '<https://x.example/u?token=T>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(() => listUnsubscribeHeaders('https://x.example/\r\nBcc: a@example.com')).toThrow();
    expect(() => mailHeaders({ 'X-A\nB': 'v' })).toThrow();
  });

  it('admit the site only: one origin in production, every loopback name of a local site', () => {
    expect([...origins]).toEqual(['https://agentora.ai']);
    expect([
      ...siteOrigins(
        publicUrls({ siteUrl: 'http://localhost:4200', supabaseUrl: 'http://x.test' }),
      ),
    ]).toEqual(['http://localhost:4200', 'http://127.0.0.1:4200', 'http://[::1]:4200']);
  });
});

describe('confirm-email handler', () => {
  const calls: string[] = [];
  const ledger: Pick<ConsentLedger, 'confirmDomain' | 'confirm'> = {
    confirmDomain: async (hash) => (hash === sha256('V'.repeat(43)) ? 'example.com' : null),
    confirm: async (hash) => (
      calls.push(hash),
      hash === sha256('V'.repeat(43)) ? { list: 'newsletter', place: null } : null
    ),
  };
  const handler = createConfirmEmailHandler({
    ledger,
    rateLimiter: allow,
    siteOrigins: origins,
    logError: quiet,
  });
  const url = 'https://project.supabase.co/functions/v1/confirm-email';
  beforeEach(() => {
    calls.length = 0;
  });

  it('confirms a valid token from the site or from no browser', async () => {
    for (const headers of [{}, { Origin: 'https://agentora.ai' }] as Record<string, string>[]) {
      const response = await handler(post(url, JSON.stringify({ token: 'V'.repeat(43) }), headers));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, list: 'newsletter' });
    }
  });

  it.each([
    'https://evil.example',
    'null',
    'https://agentora.ai.evil.example',
    'http://agentora.ai',
  ])('refuses a page at %s without looking at the token', async (origin) => {
    const response = await handler(
      post(url, JSON.stringify({ token: 'V'.repeat(43) }), { Origin: origin }),
    );
    expect(response.status).toBe(403);
    expect(calls).toEqual([]);
  });

  it('answers every unusable token alike, asking the database only about well-formed ones', async () => {
    const bodies = [
      { token: 'W'.repeat(43) },
      { token: 'V'.repeat(42) },
      { token: `${'V'.repeat(42)}=` },
      { token: ['V'.repeat(43)] },
      { token: 'V'.repeat(43).replace('V', '/') },
      {},
    ];
    for (const body of bodies) {
      const response = await handler(post(url, JSON.stringify(body)));
      expect(response.status).toBe(400);
      expect(await response.text()).toBe(NEUTRAL);
    }
    expect(calls).toEqual([sha256('W'.repeat(43))]);
  });

  it('refuses other methods, oversized bodies, and hides a failing database', async () => {
    expect((await handler(new Request(url, { method: 'GET' }))).status).toBe(405);
    expect((await handler(post(url, JSON.stringify({ token: 'x'.repeat(2000) })))).status).toBe(
      413,
    );
    const broken = createConfirmEmailHandler({
      ledger: {
        confirmDomain: async () => 'example.com',
        confirm: () => Promise.reject(new Error('db.internal:5432 refused')),
      },
      rateLimiter: allow,
      siteOrigins: origins,
      logError: quiet,
    });
    const response = await broken(post(url, JSON.stringify({ token: 'V'.repeat(43) })));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('db.internal');
  });

  it("counts every attempt against the gateway's client address", async () => {
    const seen: Array<string | null> = [];
    const limited = createConfirmEmailHandler({
      ledger,
      rateLimiter: { take: async (_action, address) => (seen.push(address), 'limited') },
      siteOrigins: origins,
    });
    const response = await limited(
      post(url, JSON.stringify({ token: 'V'.repeat(43) }), { 'x-forwarded-for': '1.2.3.4' }),
    );
    expect(response.status).toBe(429);
    expect(seen).toEqual(['203.0.113.9']);
    expect(calls).toEqual([]);
  });
});

describe('unsubscribe handler', () => {
  const used: string[] = [];
  const handler = createUnsubscribeHandler({
    ledger: {
      unsubscribe: async (hash) => (
        used.push(hash),
        hash === sha256('U'.repeat(43)) ? 'waitlist' : null
      ),
    },
    rateLimiter: allow,
    siteOrigins: origins,
    urls,
    logError: quiet,
  });
  const base = 'https://project.supabase.co/functions/v1/unsubscribe';
  const oneClick = (
    token: string,
    body = 'List-Unsubscribe=One-Click',
    headers: Record<string, string> = {},
  ) =>
    handler(
      new Request(`${base}?token=${token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body,
      }),
    );
  beforeEach(() => {
    used.length = 0;
  });

  it('unsubscribes on the one-click POST, urlencoded or multipart', async () => {
    expect(await (await oneClick('U'.repeat(43))).json()).toEqual({
      success: true,
      list: 'waitlist',
    });
    const form = new FormData();
    form.append('List-Unsubscribe', 'One-Click');
    const multipart = await handler(
      new Request(`${base}?token=${'U'.repeat(43)}`, { method: 'POST', body: form }),
    );
    expect(multipart.status).toBe(200);
  });

  it('sends GET and HEAD to the site page and changes nothing', async () => {
    for (const method of ['GET', 'HEAD']) {
      const response = await handler(new Request(`${base}?token=${'U'.repeat(43)}`, { method }));
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(
        `https://agentora.ai/email/unsubscribe?token=${'U'.repeat(43)}`,
      );
    }
    const odd = await handler(new Request(`${base}?token=%0d%0aSet-Cookie:x=1`, { method: 'GET' }));
    expect(odd.headers.get('location')).toBe('https://agentora.ai/email/unsubscribe?token=');
    expect(used).toEqual([]);
  });

  it('needs the RFC 8058 body and the site or no browser', async () => {
    for (const body of [
      '',
      'List-Unsubscribe=one-click',
      'List-Unsubscribe=One-Click'.repeat(200),
    ]) {
      expect((await oneClick('U'.repeat(43), body)).status).toBe(400);
    }
    expect(
      (
        await handler(
          new Request(`${base}?token=${'U'.repeat(43)}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: '{"List-Unsubscribe":"One-Click"}',
          }),
        )
      ).status,
    ).toBe(400);
    expect(
      (await oneClick('U'.repeat(43), undefined, { Origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect(used).toEqual([]);
    expect(await (await oneClick('X'.repeat(43))).text()).toBe(NEUTRAL);
  });
});

describe('privacy-request handler', () => {
  const linkSecret = 'a-test-secret-of-at-least-32-characters';
  function setup(known: boolean) {
    const queued: Array<[string, string, string, string, string | null]> = [];
    let sendsAfterAnswer = 0;
    const ledger: Pick<PrivacyLedger, 'queueLink'> = {
      queueLink: async (email, action, messageId, hash, client) => (
        queued.push([email, action, messageId, hash, client]),
        known
      ),
    };
    const handler = createPrivacyRequestHandler({
      ledger,
      rateLimiter: allow,
      siteOrigins: origins,
      linkSecret,
      afterAnswer: () => (sendsAfterAnswer += 1),
      logError: quiet,
    });
    return { handler, queued, sendsAfterAnswer: () => sendsAfterAnswer };
  }
  const url = 'https://project.supabase.co/functions/v1/privacy-request';

  it('answers a known and an unknown address alike, and does the same work for both', async () => {
    const known = setup(true);
    const unknown = setup(false);
    const body = JSON.stringify({ email: ' Ada.L+news@Example.com ', action: 'erase' });
    const [a, b] = [await known.handler(post(url, body)), await unknown.handler(post(url, body))];
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(await a.text()).toBe(await b.text());
    expect([known.sendsAfterAnswer(), unknown.sendsAfterAnswer()]).toEqual([1, 1]);
    const [[email, action, messageId, hash]] = known.queued;
    expect([email, action]).toEqual(['Ada.L+news@Example.com', 'erase']);
    // The hash stored is the one of the token the worker derives for the message's link.
    expect(hash).toBe((await mailLinkToken(linkSecret, messageId, 'erase')).hash);
  });

  it('refuses a page of another site before anything is stored', async () => {
    const { handler, queued } = setup(true);
    const response = await handler(
      post(url, JSON.stringify({ email: 'a@example.com', action: 'copy' }), {
        Origin: 'https://evil.example',
      }),
    );
    expect(response.status).toBe(403);
    expect(queued).toEqual([]);
  });
});
