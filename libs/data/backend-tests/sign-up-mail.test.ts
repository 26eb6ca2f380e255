import { createHash } from 'node:crypto';
import { signUp } from '@agentora/data';
import { mailTo } from './test-support/outbox';
import { BOT_CHECK_TOKEN, connectTestBackend, uniqueEmail } from './test-support/test-backend';

// The mail a sign-up queues with its row, as the visitor meets it: signUp says it is on its way once the
// function answered that it is queued, and the mail that goes out carries our words only. There is no
// second call: the row and its mail are stored by the one request (supabase/schemas/mail-kinds.sql).
const backend = connectTestBackend();

const outboxFor = (to: string) => mailTo(backend, to);

/** The id of the mail queued for a sign-up (public.queued_thank_you_mail, with the secret key). */
async function queuedMessageId(list: string, email: string): Promise<string> {
  const { data, error } = await backend.service.rpc('queued_thank_you_mail', {
    p_type: list,
    p_email: email,
  });
  if (error) throw error;
  return data as string;
}

describe('the mail of an early-access sign-up', () => {
  it('is reported mailed for a fresh sign-up, goes out under its message’s key, and greets with our words', async () => {
    const email = uniqueEmail('jane');
    await expect(signUp('early_access', { email }, BOT_CHECK_TOKEN)).resolves.toEqual({
      ok: true,
      mailed: true,
    });
    const messageId = await queuedMessageId('early_access', email);
    expect(messageId).toMatch(/^[0-9a-f-]{36}$/);
    const [mail, ...more] = await outboxFor(email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      // Alone, under its own key, or in a batch with others due at the same moment.
      idempotencyKey: expect.stringMatching(new RegExp(`^(mail/${messageId}|batch/[0-9a-f]{64})$`)),
      subject: "You're on the Agentora early access list",
    });
    expect(mail.text).toContain('Hi there,');
  });
});

describe('mailed: true only when the mail is on its way', () => {
  it('is true for newsletter and waitlist sign-ups, whose mail repeats nothing the visitor typed', async () => {
    const subscriber = uniqueEmail();
    await expect(signUp('newsletter', { email: subscriber }, BOT_CHECK_TOKEN)).resolves.toEqual({
      ok: true,
      mailed: true,
    });
    expect(await outboxFor(subscriber)).toHaveLength(1);

    const waitlister = uniqueEmail();
    await expect(
      signUp(
        'waitlist',
        {
          firstName: 'Ada',
          lastName: 'L',
          email: waitlister,
          company: 'AE',
          role: '',
          companySize: '',
          useCase: 'Reports',
          hearAbout: '',
        },
        BOT_CHECK_TOKEN,
      ),
    ).resolves.toEqual({ ok: true, mailed: true });
    const [mail] = await outboxFor(waitlister);
    expect(mail.text).toContain('Hi there,');
    expect(mail.text).not.toMatch(/Ada|Reports/);
  });

  it('is never said of a mailbox that left the list: it is answered as a duplicate, stored and mailed nothing', async () => {
    const email = uniqueEmail('suppressed');
    const { error } = await backend.service.from('email_suppressions').insert({
      mailbox_sha256: createHash('sha256').update(email.toLowerCase()).digest('hex'),
      list: 'newsletter',
    });
    expect(error).toBeNull();
    const answer = await signUp('newsletter', { email }, BOT_CHECK_TOKEN);
    expect(answer).toEqual({ ok: false, reason: 'duplicate' });
    const { data } = await backend.service
      .from('newsletter_subscriptions')
      .select('id')
      .eq('email', email);
    expect(data).toEqual([]);
    expect(await outboxFor(email)).toEqual([]);
  });
});
