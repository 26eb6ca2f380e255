import { publicUrls } from '../../functions/_shared/links/public-urls.ts';
import { drainMailQueue } from '../../functions/_shared/mail-queue/drain.ts';
import { inviteUnsubscribeToken } from '../../functions/_shared/mail-queue/link-tokens.ts';
import type { Settlement } from '../../functions/_shared/mail-queue/queue-store.ts';
import type { QueuedMail } from '../../functions/_shared/mail-queue/queued-mail.ts';
import { toQueuedMail } from '../../functions/_shared/mail-queue/queued-mail.ts';
import { renderQueuedMail } from '../../functions/_shared/mail-queue/render-queued-mail.ts';
import { renderInviteEmail } from '../../functions/_shared/mail/invite-email.ts';
import { oneAtATimeStore, recordingWorker } from '../test-support/mail-worker.ts';

// The invitation's words and the worker's side of it, without a database: what console-invites.test.ts
// checks end to end through the server.

const SECRET = 'a-test-secret-of-at-least-32-characters';
const rendering = {
  urls: publicUrls({
    siteUrl: 'https://agentora.test',
    supabaseUrl: 'https://project.supabase.co',
  }),
  linkSecret: SECRET,
};
const invite = (overrides: Partial<QueuedMail> = {}): QueuedMail =>
  ({
    id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    lease: 'lease-1',
    attempts: 1,
    to: 'grace@example.com',
    kind: 'invite',
    ...overrides,
  }) as QueuedMail;

describe('the invitation', () => {
  const links = {
    siteUrl: 'https://agentora.test',
    unsubscribe: 'https://agentora.test/email/unsubscribe?token=t',
    privacy: 'https://agentora.test/privacy/erase',
  };

  it('greets "Hi there,": nothing the member typed is mailed', () => {
    expect(renderInviteEmail(links).text).toMatch(/^You're invited\n\nHi there,\n/);
  });

  it('has the subject, the site as its button, and the footer links', () => {
    const mail = renderInviteEmail(links);
    expect(mail.subject).toBe("You're invited to Agentora");
    expect(mail.html).toContain('href="https://agentora.test"');
    expect(mail.text).toContain('Unsubscribe: https://agentora.test/email/unsubscribe?token=t');
    expect(mail.text).toContain('See or delete your data: https://agentora.test/privacy/erase');
  });

  it('renders the same bytes for the same message, with its one-click unsubscribe', async () => {
    const first = await renderQueuedMail({ ...invite(), to: 'grace@example.com' }, rendering);
    const again = await renderQueuedMail({ ...invite(), to: 'grace@example.com' }, rendering);
    expect(again).toEqual(first);
    const { token } = await inviteUnsubscribeToken(SECRET, invite().id);
    expect(first.headers).toEqual({
      'List-Unsubscribe': `<https://project.supabase.co/functions/v1/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(first.text).toContain(`https://agentora.test/email/unsubscribe?token=${token}`);
    expect(first.idempotencyKey).toBe(`mail/${invite().id}`);
  });

  it('is read from what take_queued_mail returns', () => {
    const row = {
      id: invite().id,
      lease: 'l',
      attempts: 1,
      to: 'g@example.com',
      kind: 'invite',
      list: 'waitlist',
      action: null,
      first_name: 'Grace',
    };
    // A database older than migration 20251203000100 still answers the first name: it is not read.
    expect(toQueuedMail(row)).toEqual({
      id: row.id,
      lease: 'l',
      attempts: 1,
      to: 'g@example.com',
      kind: 'invite',
    });
    expect(toQueuedMail({ ...row, first_name: null })).toEqual(toQueuedMail(row));
  });
});

describe('the worker and an invitation', () => {
  function queue(kept: boolean) {
    const messages = [invite()];
    const settled: Settlement[] = [];
    const keptHashes: string[] = [];
    const store = oneAtATimeStore({
      messages,
      settle: (_mail, settlement) => (settled.push(settlement), kept ? 'sent' : null),
      keep: (_mail, tokens) => (keptHashes.push(...tokens.map((token) => token.hash)), kept),
    });
    const { worker, sent } = recordingWorker(store, rendering);
    return { worker, settled, keptHashes, sent };
  }

  it("stores the unsubscribe token's hash before it sends", async () => {
    const { worker, settled, keptHashes, sent } = queue(true);
    await drainMailQueue(worker, { budgetMs: 1000 });
    expect(keptHashes).toEqual([(await inviteUnsubscribeToken(SECRET, invite().id)).hash]);
    expect(sent).toHaveLength(1);
    expect(settled).toEqual([{ outcome: 'sent', providerId: 're_1' }]);
  });

  it('sends nothing when the token cannot be stored (the lease or the sign-up is gone)', async () => {
    const { worker, settled, sent } = queue(false);
    await drainMailQueue(worker, { budgetMs: 1000 });
    expect(sent).toEqual([]);
    expect(settled).toEqual([{ outcome: 'dead', reason: expect.stringContaining('no longer') }]);
  });
});
