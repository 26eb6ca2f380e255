import { emailLinks, publicUrls } from '../../functions/_shared/links/public-urls.ts';
import { drainMailQueue } from '../../functions/_shared/mail-queue/drain.ts';
import { placeTokens } from '../../functions/_shared/mail-queue/link-tokens.ts';
import type { Settlement } from '../../functions/_shared/mail-queue/queue-store.ts';
import { createRpcMailQueueStore } from '../../functions/_shared/mail-queue/queue-store.ts';
import { toQueuedMail, type QueuedMail } from '../../functions/_shared/mail-queue/queued-mail.ts';
import { renderQueuedMail } from '../../functions/_shared/mail-queue/render-queued-mail.ts';
import { renderPlaceEmail, type PlaceLinks } from '../../functions/_shared/mail/place-email.ts';
import { REFERRAL_OFFER } from '../../functions/_shared/rules/places.ts';
import { isTokenShape, mailLinkToken } from '../../functions/_shared/tokens/email-token.ts';
import { oneAtATimeStore, recordingWorker } from '../test-support/mail-worker.ts';

// The place mail (docs/growth.md) and the worker's side of it, without a database: its words, links and
// tokens, what take_queued_mail's answer must look like, and the tokens' hashes stored before sending.
// growth-functions.test.ts sends one through the real server.

const SECRET = 'a-test-secret-of-at-least-32-characters';
const CODE = '0123456789abcdef';
const rendering = {
  urls: publicUrls({
    siteUrl: 'https://agentora.test',
    supabaseUrl: 'https://project.supabase.co',
  }),
  linkSecret: SECRET,
};
const placeMail = (
  overrides: Partial<Extract<QueuedMail, { kind: 'place' }>> = {},
): QueuedMail => ({
  id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  lease: 'lease-1',
  attempts: 1,
  to: 'grace@example.com',
  kind: 'place',
  list: 'waitlist',
  place: { position: 312, referralCode: CODE },
  ...overrides,
});

const links: PlaceLinks = {
  siteUrl: 'https://agentora.test',
  referral: `https://agentora.test/coming-soon?ref=${CODE}`,
  placePage: 'https://agentora.test/email/place?token=p',
  unsubscribe: 'https://agentora.test/email/unsubscribe?token=u',
  privacy: 'https://agentora.test/privacy/erase',
};

describe('the place mail', () => {
  it('says the place in its subject, per list, within and past the first 1,000', () => {
    expect(renderPlaceEmail({ list: 'early_access', position: 312 }, links).subject).toBe(
      "You're #312 of the first 1,000 on the Agentora early access list",
    );
    expect(renderPlaceEmail({ list: 'waitlist', position: 1312 }, links).subject).toBe(
      "You're #1,312 in line on the Agentora waitlist",
    );
  });

  it('carries the place, the referral link and offer, the place page, and the footer links', () => {
    const mail = renderPlaceEmail({ list: 'waitlist', position: 1000 }, links);
    expect(mail.text).toMatch(/^Your place in line\n\nHi there,\n/);
    expect(mail.text).toContain("You're #1,000 of the first 1,000 on the Agentora waitlist.");
    expect(mail.text).toContain(REFERRAL_OFFER);
    // The referral link is printed once, to be copied.
    expect(mail.text).toContain(`Your link: https://agentora.test/coming-soon?ref=${CODE}\n`);
    expect(mail.text).toContain('your place page (https://agentora.test/email/place?token=p)');
    expect(mail.text).toContain('Unsubscribe: https://agentora.test/email/unsubscribe?token=u');
    expect(mail.text).toContain('See or delete your data: https://agentora.test/privacy/erase');
    expect(mail.html).toContain(`href="https://agentora.test/coming-soon?ref=${CODE}"`);
    expect(mail.html).toContain('href="https://agentora.test/email/place?token=p"');
    expect(mail.html).toContain('<strong style="color:#ffffff">#1,000 of the first 1,000</strong>');
  });

  it('renders the same bytes for the same message, with its one-click unsubscribe and derived links', async () => {
    const mail = placeMail();
    const first = await renderQueuedMail({ ...mail, to: 'grace@example.com' }, rendering);
    const again = await renderQueuedMail({ ...mail, to: 'grace@example.com' }, rendering);
    expect(again).toEqual(first);
    const tokens = await placeTokens(SECRET, mail.id);
    expect(tokens.place).toEqual(await mailLinkToken(SECRET, mail.id, 'place'));
    expect(tokens.unsubscribe).toEqual(await mailLinkToken(SECRET, mail.id, 'unsubscribe'));
    expect(tokens.place.token).not.toBe(tokens.unsubscribe.token);
    expect(isTokenShape(tokens.place.token)).toBe(true);
    expect(first.headers).toEqual({
      'List-Unsubscribe': `<https://project.supabase.co/functions/v1/unsubscribe?token=${tokens.unsubscribe.token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(first.text).toContain(`https://agentora.test/email/place?token=${tokens.place.token}`);
    expect(first.text).toContain(
      `https://agentora.test/email/unsubscribe?token=${tokens.unsubscribe.token}`,
    );
    expect(first.text).toContain(emailLinks.referral(rendering.urls, 'waitlist', CODE));
    expect(first.subject).toBe("You're #312 of the first 1,000 on the Agentora waitlist");
    expect(first.idempotencyKey).toBe(`mail/${mail.id}`);
    expect(first.to).toBe('grace@example.com');
  });

  it('links each list to its own form', () => {
    expect(emailLinks.referral(rendering.urls, 'early_access', CODE)).toBe(
      `https://agentora.test/?ref=${CODE}`,
    );
    expect(emailLinks.referral(rendering.urls, 'waitlist', CODE)).toBe(
      `https://agentora.test/coming-soon?ref=${CODE}`,
    );
    expect(emailLinks.placePage(rendering.urls, 'T')).toBe(
      'https://agentora.test/email/place?token=T',
    );
  });

  it('is not rendered without its place', async () => {
    await expect(
      renderQueuedMail({ ...placeMail({ place: null }), to: 'grace@example.com' }, rendering),
    ).rejects.toThrow(/without its place/);
  });
});

describe('take_queued_mail’s place message', () => {
  const row = {
    id: placeMail().id,
    lease: 'l',
    attempts: 1,
    to: 'g@example.com',
    kind: 'place',
    list: 'early_access',
    action: null,
    position: 7,
    referral_code: CODE,
    first_name: null,
  };

  it('is read with its place, and never with a name, even from a database that still answers one', () => {
    expect(toQueuedMail(row)).toEqual({
      id: row.id,
      lease: 'l',
      attempts: 1,
      to: 'g@example.com',
      kind: 'place',
      list: 'early_access',
      place: { position: 7, referralCode: CODE },
    });
    expect(toQueuedMail({ ...row, list: 'waitlist', first_name: 'Grace' })).not.toHaveProperty(
      'firstName',
    );
  });

  it('may lack its place only when it has no address (the sign-up went or is unconfirmed)', () => {
    expect(toQueuedMail({ ...row, to: null, position: null, referral_code: null })).toMatchObject({
      kind: 'place',
      to: null,
      place: null,
    });
    for (const broken of [
      { position: null },
      { position: 0 },
      { position: 2.5 },
      { position: '7' },
      { referral_code: 'XYZ' },
      { referral_code: null },
      { list: 'newsletter' },
      { list: null },
    ]) {
      expect(toQueuedMail({ ...row, ...broken })).toBeNull();
    }
  });
});

describe('the worker and a place mail', () => {
  function queue(kept: boolean, messages: QueuedMail[] = [placeMail()]) {
    const settled: Settlement[] = [];
    const keptHashes: Array<[string, string]> = [];
    const store = oneAtATimeStore({
      messages,
      settle: (_mail, settlement) => (settled.push(settlement), kept ? 'sent' : null),
      keep: (_mail, tokens) => (
        keptHashes.push([tokens[0].hash, tokens[1].hash]),
        expect(tokens.map((token) => token.purpose)).toEqual(['place', 'unsubscribe']),
        kept
      ),
    });
    const { worker, sent } = recordingWorker(store, rendering);
    return { worker, settled, keptHashes, sent };
  }

  it("stores both tokens' hashes before it sends", async () => {
    const { worker, settled, keptHashes, sent } = queue(true);
    await drainMailQueue(worker, { budgetMs: 1000 });
    const tokens = await placeTokens(SECRET, placeMail().id);
    expect(keptHashes).toEqual([[tokens.place.hash, tokens.unsubscribe.hash]]);
    expect(sent).toHaveLength(1);
    expect(settled).toEqual([{ outcome: 'sent', providerId: 're_1' }]);
  });

  it('sends nothing when the tokens cannot be stored (the lease or the sign-up is gone)', async () => {
    const { worker, settled, sent } = queue(false);
    await drainMailQueue(worker, { budgetMs: 1000 });
    expect(sent).toEqual([]);
    expect(settled).toEqual([{ outcome: 'dead', reason: expect.stringContaining('no longer') }]);
  });

  it('settles a message without an address as dead, storing nothing', async () => {
    const { worker, settled, keptHashes, sent } = queue(true, [
      placeMail({ to: null, place: null }),
    ]);
    await drainMailQueue(worker, { budgetMs: 1000 });
    expect([keptHashes, sent]).toEqual([[], []]);
    expect(settled).toEqual([{ outcome: 'dead', reason: 'The message has no address.' }]);
  });

  it('calls keep_mail_tokens under the lease', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [];
    const store = createRpcMailQueueStore({
      rpc: async (fn, args) => (calls.push([fn, args]), { data: ['m'], error: null }),
    });
    const tokens = [{ id: 'm', purpose: 'place' as const, hash: 'ph' }];
    expect(await store.keepTokens('l', tokens)).toEqual(new Set(['m']));
    expect(calls).toEqual([['keep_mail_tokens', { p_lease: 'l', p_tokens: tokens }]]);
    const odd = createRpcMailQueueStore({ rpc: async () => ({ data: 'yes', error: null }) });
    await expect(odd.keepTokens('l', tokens)).rejects.toThrow(
      'keep_mail_tokens returned no list of ids',
    );
  });
});
