import { TURNSTILE_DUMMY_TOKEN } from '@agentora/backend-rules/bot-check';
import { signUp, type WaitlistFields } from '@agentora/data';
import { ATTRIBUTION_KEY } from '@agentora/data/backend-internals';
import { mailTo } from './test-support/outbox';
import { uniqueEmail, connectTestBackend } from './test-support/test-backend';

// signUp against the local server, whose bot check passes the token Cloudflare's testing sitekeys hand
// the page (the passing testing secret): what the sign-up function stores, mails and answers. The
// function's own rules and refusals are tested with it (supabase/tests/sign-up.test.ts).
const backend = connectTestBackend();
const TOKEN = TURNSTILE_DUMMY_TOKEN;

const waitlist = (overrides: Partial<WaitlistFields> = {}): WaitlistFields => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: uniqueEmail(),
  company: 'Analytical Engines',
  role: '',
  companySize: '',
  useCase: '',
  hearAbout: '',
  ...overrides,
});

const LISTS = [
  ['early_access', 'early_access_signups'],
  ['newsletter', 'newsletter_subscriptions'],
] as const;

describe('signUp, the one sign-up call of every list', () => {
  const outboxTo = (email: string) => mailTo(backend, email);

  it.each(LISTS)(
    '%s: stores the row, mails the stored address once, and says it was mailed',
    async (list, table) => {
      const email = uniqueEmail('jane.doe');
      await expect(signUp(list, { email }, TOKEN)).resolves.toEqual({ ok: true, mailed: true });
      const { data } = await backend.service.from(table).select('email').eq('email', email);
      expect(data).toEqual([{ email }]);
      expect(await outboxTo(email)).toHaveLength(1);
    },
  );

  it('waitlist: maps the form fields to their columns, stores blank options as NULL, and mails the stored address', async () => {
    const fields = waitlist({ role: '  ', useCase: 'Automate reporting', companySize: '51-200' });
    await expect(signUp('waitlist', fields, TOKEN)).resolves.toEqual({ ok: true, mailed: true });
    const { data } = await backend.service
      .from('waitlist_signups')
      .select('first_name, last_name, email, company, role, company_size, use_case, hear_about')
      .eq('email', fields.email);
    expect(data).toEqual([
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: fields.email,
        company: 'Analytical Engines',
        role: null,
        company_size: '51-200',
        use_case: 'Automate reporting',
        hear_about: null,
      },
    ]);
    expect(await outboxTo(fields.email)).toHaveLength(1);
  });

  it('tells a duplicate (in other letter case, or a plus-address) apart; an unconfirmed one gets a fresh confirmation, a confirmed one nothing', async () => {
    const email = uniqueEmail('sam');
    await signUp('newsletter', { email }, TOKEN);
    await expect(signUp('newsletter', { email: email.toUpperCase() }, TOKEN)).resolves.toEqual({
      ok: false,
      reason: 'duplicate',
    });
    const [again, first] = await outboxTo(email);
    expect(again.subject).toBe(first.subject);
    const confirmLink = (text: string) => /\/email\/confirm\?token=([\w-]{43})/.exec(text)?.[1];
    expect(confirmLink(again.text)).toBeDefined();
    expect(confirmLink(again.text)).not.toBe(confirmLink(first.text));

    await backend.service
      .from('newsletter_subscriptions')
      .update({ confirmed_at: new Date().toISOString() })
      .eq('email', email);
    for (const same of [email, email.replace('@', '+news@')])
      await expect(signUp('newsletter', { email: same }, TOKEN)).resolves.toEqual({
        ok: false,
        reason: 'duplicate',
      });
    expect(await outboxTo(email)).toHaveLength(2);
  });

  it.each([
    ['a forged token', 'XXXX.FORGED.TOKEN.XXXX'],
    ['no token', ''],
  ])('answers bot_check_failed for %s, storing and mailing nothing', async (_, token) => {
    const email = uniqueEmail('bot');
    await expect(signUp('early_access', { email }, token)).resolves.toEqual({
      ok: false,
      reason: 'bot_check_failed',
    });
    const { data } = await backend.service
      .from('early_access_signups')
      .select('email')
      .eq('email', email);
    expect(data).toEqual([]);
    expect(await outboxTo(email)).toHaveLength(0);
  });

  it('logs any other refusal and answers failed, storing and mailing nothing', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fields = waitlist({ hearAbout: 'tv' });
    await expect(signUp('waitlist', fields, TOKEN)).resolves.toEqual({
      ok: false,
      reason: 'failed',
    });
    expect(consoleError).toHaveBeenCalledWith(
      'The waitlist sign-up failed:',
      expect.objectContaining({ status: 400 }),
    );
    const { data } = await backend.service
      .from('waitlist_signups')
      .select('email')
      .eq('email', fields.email);
    expect(data).toEqual([]);
    expect(await outboxTo(fields.email)).toHaveLength(0);
    consoleError.mockRestore();
  });
});

describe("the visit's source and referral", () => {
  const SOURCE = {
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'launch-week',
    referrer_host: 'mail.example.com',
    landing_path: '/coming-soon',
  };
  const COLUMNS = 'utm_source, utm_medium, utm_campaign, referrer_host, landing_path';
  const visit = (attribution: Record<string, string>) =>
    window.sessionStorage.setItem(ATTRIBUTION_KEY, JSON.stringify(attribution));
  afterEach(() => window.sessionStorage.clear());

  async function referralCodeOf(table: string, email: string): Promise<string> {
    const { data } = await backend.service
      .from(table)
      .select('referral_code')
      .eq('email', email)
      .single();
    return (data as { referral_code: string }).referral_code;
  }

  it.each(LISTS)('%s: stores the source the visit recorded', async (list, table) => {
    visit(SOURCE);
    const email = uniqueEmail();
    await expect(signUp(list, { email }, TOKEN)).resolves.toMatchObject({ ok: true });
    const { data } = await backend.service.from(table).select(COLUMNS).eq('email', email);
    expect(data).toEqual([SOURCE]);
  });

  it('stores nothing of a visit that recorded nothing', async () => {
    const email = uniqueEmail();
    await signUp('newsletter', { email }, TOKEN);
    const { data } = await backend.service
      .from('newsletter_subscriptions')
      .select(COLUMNS)
      .eq('email', email);
    expect(data).toEqual([
      {
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        referrer_host: null,
        landing_path: null,
      },
    ]);
  });

  it.each([
    ['early_access', 'early_access_signups'],
    ['waitlist', 'waitlist_signups'],
  ] as const)('%s: stores who referred the sign-up, by their code', async (list, table) => {
    const row = (email: string) => (list === 'waitlist' ? waitlist({ email }) : { email });
    const referrer = uniqueEmail('referrer');
    await signUp(list, row(referrer), TOKEN);
    const code = await referralCodeOf(table, referrer);
    expect(code).toMatch(/^[0-9a-f]{16}$/);

    visit({ utm_source: 'referral', landing_path: '/', referred_by: code });
    const friend = uniqueEmail('friend');
    await expect(signUp(list, row(friend), TOKEN)).resolves.toMatchObject({ ok: true });
    const { data } = await backend.service
      .from(table)
      .select('utm_source, referred_by')
      .eq('email', friend);
    expect(data).toEqual([{ utm_source: 'referral', referred_by: code }]);
  });

  it("sends a newsletter sign-up no referral code, and the other list's code is dropped", async () => {
    const referrer = uniqueEmail('referrer');
    await signUp('early_access', { email: referrer }, TOKEN);
    const code = await referralCodeOf('early_access_signups', referrer);
    visit({ landing_path: '/', referred_by: code });
    const subscriber = uniqueEmail('reader');
    await expect(signUp('newsletter', { email: subscriber }, TOKEN)).resolves.toMatchObject({
      ok: true,
    });
    const friend = waitlist();
    await expect(signUp('waitlist', friend, TOKEN)).resolves.toMatchObject({ ok: true });
    const { data } = await backend.service
      .from('waitlist_signups')
      .select('referred_by')
      .eq('email', friend.email);
    expect(data).toEqual([{ referred_by: null }]);
  });
});
