import { publicUrls } from '../../functions/_shared/links/public-urls.ts';
import {
  drainMailQueue,
  MISSING_SETTING_RETRY_MS,
} from '../../functions/_shared/mail-queue/drain.ts';
import {
  inviteReminderTokens,
  inviteTokens,
} from '../../functions/_shared/mail-queue/link-tokens.ts';
import type { Settlement } from '../../functions/_shared/mail-queue/queue-store.ts';
import { toQueuedMail, type QueuedMail } from '../../functions/_shared/mail-queue/queued-mail.ts';
import { renderQueuedMail } from '../../functions/_shared/mail-queue/render-queued-mail.ts';
import {
  expiryDay,
  renderInviteEmail,
  renderInviteReminderEmail,
  type InviteLinks,
} from '../../functions/_shared/mail/invite-email.ts';
import { tokenHash } from '../../functions/_shared/tokens/email-token.ts';
import {
  inviteToken,
  isInviteTokenShape,
  isMadeWith,
} from '../../functions/_shared/tokens/invite-token.ts';
import { oneAtATimeStore, recordingWorker } from '../test-support/mail-worker.ts';

// A launch wave's invitation and reminder (docs/launch-waves.md), and the worker's side of them, without
// a database: their words, the link into the product and its token, what take_mail_batch's answer must
// look like, and the tokens' hashes stored before sending. invitations.test.ts sends them through the
// real server and redeems the link.

const SECRET = 'a-test-secret-of-at-least-32-characters';
const MESSAGE = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const INVITE_MESSAGE = '0a1b2c3d-4e5f-4a6b-8c7d-8e9fa0b1c2d3';
const EXPIRES = '2027-01-06T10:11:12.000Z';
const rendering = {
  urls: publicUrls({
    siteUrl: 'https://agentora.test',
    supabaseUrl: 'https://project.supabase.co',
    productUrl: 'https://app.agentora.test/join/',
  }),
  linkSecret: SECRET,
};
const invite = (overrides: Partial<Extract<QueuedMail, { kind: 'invite' }>> = {}): QueuedMail => ({
  id: MESSAGE,
  lease: 'lease-1',
  attempts: 1,
  to: 'grace@example.com',
  kind: 'invite',
  list: 'early_access',
  invitation: { place: 312, expiresAt: EXPIRES },
  ...overrides,
});
const reminder = (): QueuedMail => ({
  id: MESSAGE,
  lease: 'lease-1',
  attempts: 1,
  to: 'grace@example.com',
  kind: 'invite_reminder',
  list: 'waitlist',
  invitation: { place: 1312, expiresAt: EXPIRES },
  inviteMessageId: INVITE_MESSAGE,
});

const links: InviteLinks = {
  siteUrl: 'https://agentora.test',
  join: 'https://app.agentora.test/join?invite=t',
  unsubscribe: 'https://agentora.test/email/unsubscribe?token=u',
  privacy: 'https://agentora.test/privacy/erase',
};

describe('the invitation and its reminder', () => {
  it('greets "Hi there," and says the place, the button into the product and the day it expires', () => {
    const mail = renderInviteEmail({ list: 'early_access', place: 312, expiresAt: EXPIRES }, links);
    expect(mail.subject).toBe("You're invited to Agentora");
    expect(mail.text).toMatch(/^You're invited\n\nHi there,\n/);
    expect(mail.text).toContain(
      "You were #312 of the first 1,000 on Agentora's early access list, and your place has come up: you're invited to Agentora ahead of the public launch.",
    );
    expect(mail.text).toContain('Join Agentora: https://app.agentora.test/join?invite=t');
    expect(mail.text).toContain('it works once, until 6 January 2027 (UTC)');
    expect(mail.html).toContain('href="https://app.agentora.test/join?invite=t"');
    expect(mail.text).toContain('Unsubscribe: https://agentora.test/email/unsubscribe?token=u');
    expect(mail.text).not.toContain('waitlist member');
  });

  it('tells a waitlist member what they keep, and a reminder says the invitation waits', () => {
    const waitlist = renderInviteEmail(
      { list: 'waitlist', place: 1312, expiresAt: EXPIRES },
      links,
    );
    expect(waitlist.text).toContain("You were #1,312 in line on Agentora's waitlist");
    expect(waitlist.text).toContain('- 50% off the first year');
    const again = renderInviteReminderEmail(
      { list: 'waitlist', place: 1312, expiresAt: EXPIRES },
      links,
    );
    expect(again.subject).toBe('Your invitation to Agentora is waiting');
    expect(again.text).toMatch(/^Your invitation is waiting\n\nHi there,\n/);
    expect(again.text).toContain('Join Agentora: https://app.agentora.test/join?invite=t');
  });

  it('shows the UTC day the link expires, whatever the time of day', () => {
    expect(expiryDay('2027-01-06T23:59:59Z')).toBe('6 January 2027');
    expect(expiryDay('2027-01-07T00:00:00+01:00')).toBe('6 January 2027');
  });
});

describe('the link into the product', () => {
  it('is PRODUCT_URL?invite=<token>, the token made from the message id, the same every time', async () => {
    const first = await renderQueuedMail({ ...invite(), to: 'grace@example.com' }, rendering);
    const again = await renderQueuedMail({ ...invite(), to: 'grace@example.com' }, rendering);
    expect(again).toEqual(first);
    const tokens = await inviteTokens(SECRET, MESSAGE);
    expect(first.text).toContain(`https://app.agentora.test/join?invite=${tokens.invite.token}`);
    expect(isInviteTokenShape(tokens.invite.token)).toBe(true);
    expect(first.headers).toEqual({
      'List-Unsubscribe': `<https://project.supabase.co/functions/v1/unsubscribe?token=${tokens.unsubscribe.token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(first.idempotencyKey).toBe(`mail/${MESSAGE}`);
  });

  it("a reminder carries its invitation's link, and its own unsubscribe", async () => {
    const mail = await renderQueuedMail({ ...reminder(), to: 'grace@example.com' }, rendering);
    const own = await inviteReminderTokens(SECRET, MESSAGE, INVITE_MESSAGE);
    expect(own.invite).toEqual(await inviteToken(SECRET, INVITE_MESSAGE));
    expect(mail.text).toContain(`?invite=${own.invite.token}`);
    expect(mail.text).toContain(`unsubscribe?token=${own.unsubscribe.token}`);
  });

  it('leads to PRODUCT_URL, a plain http(s) address, and nowhere without it', () => {
    const urls = (productUrl?: string) =>
      publicUrls({ siteUrl: 'https://a.test', supabaseUrl: 'https://p.test', productUrl });
    expect(urls('https://app.agentora.test/join/').productUrl).toBe(
      'https://app.agentora.test/join',
    );
    expect(urls(undefined).productUrl).toBeUndefined();
    expect(urls('').productUrl).toBeUndefined();
    for (const wrong of [
      'app.agentora.test/join',
      'https://a.test/join?x=1',
      'ftp://a.test',
      'https://a.test/#j',
    ]) {
      expect(() => urls(wrong)).toThrow(/^PRODUCT_URL must be/);
    }
  });

  it('tells a token made with the secret from one that was not', async () => {
    const { token, hash } = await inviteToken(SECRET, MESSAGE);
    expect(hash).toBe(await tokenHash(token));
    expect(await isMadeWith(SECRET, token)).toBe(true);
    expect(await isMadeWith(`${SECRET}-rotated`, token)).toBe(false);
    // Another message's id with this MAC, or one bit of the MAC changed, is forged.
    const other = await inviteToken(SECRET, INVITE_MESSAGE);
    expect(await isMadeWith(SECRET, other.token.slice(0, 22) + token.slice(22))).toBe(false);
    const flipped = token.slice(0, 63) + (token[63] === 'A' ? 'B' : 'A');
    expect(await isMadeWith(SECRET, flipped)).toBe(false);
    for (const value of [token.slice(1), `${token}A`, token.replace(/.$/, '='), 42, null]) {
      expect(isInviteTokenShape(value)).toBe(false);
    }
  });
});

describe('what take_mail_batch answers', () => {
  const row = {
    id: MESSAGE,
    lease: 'l',
    attempts: 1,
    to: 'g@example.com',
    kind: 'invite',
    list: 'waitlist',
    action: null,
    first_name: null,
    place: 7,
    expires_at: EXPIRES,
  };

  it('is read into an invitation, with its place and expiry', () => {
    expect(toQueuedMail(row)).toEqual({
      id: MESSAGE,
      lease: 'l',
      attempts: 1,
      to: 'g@example.com',
      kind: 'invite',
      list: 'waitlist',
      invitation: { place: 7, expiresAt: EXPIRES },
    });
    expect(
      toQueuedMail({ ...row, kind: 'invite_reminder', invite_message: INVITE_MESSAGE }),
    ).toMatchObject({ kind: 'invite_reminder', inviteMessageId: INVITE_MESSAGE });
  });

  it('is refused when a sendable invitation lacks what it is rendered from', () => {
    for (const broken of [
      { ...row, place: null },
      { ...row, place: 0 },
      { ...row, expires_at: 'soon' },
      { ...row, list: 'newsletter' },
      { ...row, kind: 'invite_reminder' },
    ]) {
      expect(toQueuedMail(broken)).toBeNull();
    }
    // Unsendable (no address), it may lack them: the worker settles it dead.
    expect(toQueuedMail({ ...row, to: null, place: null, expires_at: null })).toMatchObject({
      to: null,
      invitation: null,
    });
  });
});

describe('the worker and an invitation', () => {
  function queue(options: { kept?: boolean; productUrl?: boolean; mail?: QueuedMail } = {}) {
    const settled: Settlement[] = [];
    const keptTokens: Array<{ purpose: string; hash: string }> = [];
    const store = oneAtATimeStore({
      messages: [options.mail ?? invite()],
      settle: (_mail, settlement) => (settled.push(settlement), 'sent'),
      keep: (_mail, tokens) => (keptTokens.push(...tokens), options.kept ?? true),
    });
    const urls =
      options.productUrl === false
        ? publicUrls({ siteUrl: 'https://agentora.test', supabaseUrl: 'https://p.supabase.co' })
        : rendering.urls;
    const { worker, sent } = recordingWorker(store, { ...rendering, urls });
    return { worker, settled, keptTokens, sent };
  }

  it("stores the link's and the unsubscribe token's hashes before it sends", async () => {
    const { worker, settled, keptTokens, sent } = queue();
    await drainMailQueue(worker, { budgetMs: 1000 });
    const tokens = await inviteTokens(SECRET, MESSAGE);
    expect(keptTokens).toEqual([
      { id: MESSAGE, purpose: 'invite', hash: tokens.invite.hash },
      { id: MESSAGE, purpose: 'unsubscribe', hash: tokens.unsubscribe.hash },
    ]);
    expect(sent).toHaveLength(1);
    expect(settled).toEqual([{ outcome: 'sent', providerId: 're_1' }]);
  });

  it("stores only a reminder's own unsubscribe token: its link's is the invitation's", async () => {
    const { worker, keptTokens } = queue({ mail: reminder() });
    await drainMailQueue(worker, { budgetMs: 1000 });
    expect(keptTokens.map((token) => token.purpose)).toEqual(['unsubscribe']);
  });

  it('sends nothing when the tokens cannot be stored (the lease or the sign-up is gone)', async () => {
    const { worker, settled, sent } = queue({ kept: false });
    await drainMailQueue(worker, { budgetMs: 1000 });
    expect(sent).toEqual([]);
    expect(settled).toEqual([{ outcome: 'dead', reason: expect.stringContaining('no longer') }]);
  });

  it('without PRODUCT_URL sends nothing, stores nothing, and tries again later', async () => {
    const { worker, settled, sent, keptTokens } = queue({ productUrl: false });
    await drainMailQueue(worker, { budgetMs: 1000 });
    expect(sent).toEqual([]);
    expect(keptTokens).toEqual([]);
    expect(settled).toEqual([
      {
        outcome: 'retry',
        delayMs: MISSING_SETTING_RETRY_MS,
        reason: "PRODUCT_URL is not set: an invitation's link leads into the product.",
      },
    ]);
  });
});
