import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeResend, type FakeResend } from '@agentora/fake-resend';
import { startLocalSupabase, type LocalSupabase } from '@agentora/local-supabase';
import { clientFor, raiseRateLimits, uniqueEmail } from '@agentora/local-supabase/testing';
import { createResendTransport } from '../functions/_shared/mail/resend-transport.ts';
import { MailNotSentError } from '../functions/_shared/mail/types.ts';

// The mail path against a provider that behaves as Resend documents (@agentora/fake-resend): the
// functions reach it through RESEND_API_URL, as a staging deploy would point them at a stand-in.
const message = (to: string, idempotencyKey: string) => ({
  from: 'Agentora <hello@agentora.ai>',
  to,
  subject: 'Hello',
  html: '<p>Hello</p>',
  text: 'Hello',
  idempotencyKey,
});

describe("the functions' Resend transport", () => {
  let fake: FakeResend;
  afterEach(() => fake.stop());

  it('retries an answer lost after the provider took the mail with the same key: one mail', async () => {
    fake = await startFakeResend({ ratePerSecond: 0, errorRate: 1, failAfterAccepting: true });
    const transport = createResendTransport({
      apiKey: 're_test',
      endpoint: `${fake.url}/emails`,
      retryDelaysMs: [0],
    });
    // The provider took the mail and failed to answer; the repeat is answered from the key.
    const sent = await transport.send(message('ada@example.com', 'k-lost'));
    expect(fake.accepted()).toEqual([expect.objectContaining({ id: sent.id })]);
    expect(fake.stats()).toMatchObject({ accepted: 1, replayed: 1, failed: 1 });
  });

  it('treats 429 as not sent, so the claim is handed back', async () => {
    fake = await startFakeResend({ ratePerSecond: 1 });
    const transport = createResendTransport({ apiKey: 're_test', endpoint: `${fake.url}/emails` });
    await transport.send(message('a@example.com', 'k-a'));
    await expect(transport.send(message('b@example.com', 'k-b'))).rejects.toBeInstanceOf(
      MailNotSentError,
    );
    expect(fake.accepted().map((mail) => mail.to)).toEqual([['a@example.com']]);
  });
});

describe('the functions on Deno, with RESEND_API_URL pointing at the provider', () => {
  let fake: FakeResend;
  let server: LocalSupabase;
  let dataDir: string;

  beforeAll(async () => {
    fake = await startFakeResend({ ratePerSecond: 0 });
    dataDir = await mkdtemp(path.join(tmpdir(), 'backend-mail-provider-'));
    server = await startLocalSupabase({
      port: 0,
      dataDir,
      inMemory: true,
      resendApiKey: 're_test_key',
      resendApiUrl: fake.url,
    });
    await raiseRateLimits(server.url, server.serviceKey);
  });
  afterAll(async () => {
    await server.stop();
    await fake.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('send the thank-you mail there, with its idempotency key, and nothing to the outbox', async () => {
    const client = clientFor(server.url, server.publishableKey);
    const email = uniqueEmail('provider');
    expect((await client.from('newsletter_subscriptions').insert({ email })).error).toBeNull();
    const { data, error } = await client.functions.invoke('send-thank-you-email', {
      body: { type: 'newsletter', email },
    });
    expect(error).toBeNull();
    const [mail] = fake.accepted();
    expect(data).toEqual({ success: true, emailId: mail.id, type: 'newsletter' });
    expect(mail).toMatchObject({
      to: [email],
      idempotencyKey: expect.stringMatching(/^thank-you\/newsletter\//),
    });
    expect(await (await fetch(`${server.url}/outbox.json`)).json()).toEqual([]);
  });
});
