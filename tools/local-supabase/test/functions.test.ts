import { FunctionsHttpError } from '@supabase/supabase-js';
import { createRpcLedger } from '../../../supabase/functions/send-thank-you-email/rpc-ledger.ts';
import type { OutboxMessage } from '../src/outbox/outbox.ts';
import { clientFor, startTestServer, uniqueEmail, type TestServer } from './support/test-server.ts';

// send-thank-you-email through the real server: the same handler module Deno serves, the real ledger SQL,
// and the outbox as transport.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

type Invocation = {
  status: number;
  body: { success: boolean; emailId?: string; type?: string; error?: string };
};

async function invoke(payload: Record<string, unknown>, client = t.anon): Promise<Invocation> {
  const { data, error } = await client.functions.invoke('send-thank-you-email', { body: payload });
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, body: await response.json() };
  }
  if (error) throw error;
  return { status: 200, body: data };
}

async function outbox(): Promise<OutboxMessage[]> {
  return (await fetch(`${t.server.url}/outbox.json`)).json();
}

describe('send-thank-you-email', () => {
  it('mails a fresh early-access sign-up once, and the outbox shows it', async () => {
    const to = uniqueEmail('jane.doe');
    expect((await t.anon.from('early_access_signups').insert({ email: to })).error).toBeNull();

    const first = await invoke({ to, type: 'early_access', firstName: 'Jane' });
    expect(first).toEqual({
      status: 200,
      body: {
        success: true,
        emailId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        type: 'early_access',
      },
    });

    const mail = (await outbox()).find((message) => message.id === first.body.emailId);
    expect(mail).toMatchObject({
      to,
      from: 'Agentora <hello@agentora.ai>',
      subject: "You're on the Agentora early access list",
    });
    expect(mail?.text).toContain('Hi Jane,');

    const listing = await fetch(`${t.server.url}/outbox`);
    expect(listing.headers.get('content-type')).toContain('text/html');
    const page = await listing.text();
    expect(page).toContain(to);
    expect(page).toContain('You&#39;re on the Agentora early access list');
    const html = await fetch(`${t.server.url}/outbox/${first.body.emailId}`);
    expect(await html.text()).toContain('Welcome to early access');
    expect(await (await fetch(`${t.server.url}/outbox/${first.body.emailId}.txt`)).text()).toBe(
      mail?.text,
    );

    const second = await invoke({ to, type: 'early_access', firstName: 'Jane' });
    expect(second).toEqual({
      status: 403,
      body: { success: false, error: expect.stringContaining('No recent sign-up') },
    });
    expect((await outbox()).filter((message) => message.to === to)).toHaveLength(1);
  });

  it('refuses an address that never signed up, and one that signed up for something else', async () => {
    const stranger = await invoke({
      to: uniqueEmail('stranger'),
      type: 'newsletter',
      firstName: 'X',
    });
    expect(stranger.status).toBe(403);
    expect(stranger.body.success).toBe(false);

    const subscriber = uniqueEmail();
    await t.anon.from('newsletter_subscriptions').insert({ email: subscriber });
    expect((await invoke({ to: subscriber, type: 'waitlist', firstName: 'X' })).status).toBe(403);
    expect(
      (await invoke({ to: subscriber, type: 'newsletter', firstName: 'X' })).body.success,
    ).toBe(true);
  });

  it('sends the waitlist and career emails with their extra details, escaped', async () => {
    const waitlister = uniqueEmail();
    await t.anon
      .from('waitlist_signups')
      .insert({ first_name: 'Ada', last_name: 'L', email: waitlister, company: 'A&B <Labs>' });
    const waitlist = await invoke({
      to: waitlister,
      type: 'waitlist',
      firstName: 'Ada',
      additionalData: { company: 'A&B <Labs>', useCase: 'Invoices' },
    });
    expect(waitlist.body.success).toBe(true);

    const applicant = uniqueEmail();
    await t.anon.from('general_applications').insert({
      first_name: 'Ada',
      last_name: 'L',
      email: applicant,
      why_join: 'Because',
      status: 'pending',
    });
    const career = await invoke({
      to: applicant,
      type: 'career',
      firstName: 'Ada',
      additionalData: { position: 'Staff Engineer', company: 'Agentora' },
    });
    expect(career.body.success).toBe(true);

    const messages = await outbox();
    const waitlistMail = messages.find((message) => message.id === waitlist.body.emailId);
    expect(waitlistMail?.html).toContain('A&amp;B &lt;Labs&gt;');
    expect(waitlistMail?.html).not.toContain('<Labs>');
    expect(waitlistMail?.text).toContain('Invoices');
    const careerMail = messages.find((message) => message.id === career.body.emailId);
    expect(careerMail?.text).toContain('Staff Engineer');
    expect(careerMail?.text).toContain('5 business days');
  });

  it('sends once when called five times at the same moment', async () => {
    const to = uniqueEmail();
    await t.anon.from('early_access_signups').insert({ email: to });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => invoke({ to, type: 'early_access', firstName: 'Twin' })),
    );
    expect(results.filter((result) => result.body.success)).toHaveLength(1);
    expect((await outbox()).filter((message) => message.to === to)).toHaveLength(1);
  });

  it('answers bad payloads with 400 and success: false', async () => {
    expect(await invoke({ to: 'nobody', type: 'early_access', firstName: 'X' })).toEqual({
      status: 400,
      body: { success: false, error: '"to" must be an email address.' },
    });
  });

  it('requires a valid key (verify_jwt) and answers preflights', async () => {
    const anonymous = await fetch(`${t.server.url}/functions/v1/send-thank-you-email`, {
      method: 'POST',
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    expect(
      (
        await invoke(
          { to: uniqueEmail(), type: 'newsletter', firstName: 'X' },
          clientFor(t.server.url, 'not.a.jwt'),
        )
      ).status,
    ).toBe(401);

    const preflight = await fetch(`${t.server.url}/functions/v1/send-thank-you-email`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:4200',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,apikey,content-type,x-client-info',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:4200');

    const unknown = await fetch(`${t.server.url}/functions/v1/other`, {
      method: 'POST',
      headers: { apikey: t.server.anonKey },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('the production ledger (supabase-js rpc with the service key)', () => {
  it('claims through PostgREST exactly like the local ledger', async () => {
    const email = uniqueEmail();
    await t.anon
      .from('waitlist_signups')
      .insert({ first_name: 'A', last_name: 'B', email, company: 'C' });
    const ledger = createRpcLedger(t.service);
    const claimId = await ledger.claim('waitlist', email);
    expect(claimId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await ledger.claim('waitlist', email)).toBeNull();
    await ledger.release('waitlist', claimId as string);
    expect(await ledger.claim('waitlist', email.toUpperCase())).toBe(claimId);
  });

  it('fails loudly when the key may not run the functions', async () => {
    await expect(createRpcLedger(t.anon).claim('waitlist', uniqueEmail())).rejects.toThrow(
      'claim_thank_you_email failed: permission denied for function claim_thank_you_email',
    );
  });
});
