import { signUp, type WaitlistFields } from '@agentora/data';
import {
  ATTRIBUTION_KEY,
  BackendError,
  insertEarlyAccessSignup,
  insertNewsletterSubscription,
  insertWaitlistSignup,
  isDuplicateKeyError,
} from '@agentora/data/backend-internals';
import { mailTo } from './test-support/outbox';
import { uniqueEmail, connectTestBackend } from './test-support/test-backend';

const backend = connectTestBackend();

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

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe.each([
  ['early access', insertEarlyAccessSignup, 'early_access_signups'],
  ['newsletter', insertNewsletterSubscription, 'newsletter_subscriptions'],
] as const)('%s sign-up', (_label, insert, table) => {
  it('inserts the email', async () => {
    const email = uniqueEmail('jane.doe');
    await expect(insert(email)).resolves.toBeUndefined();
    const { data } = await backend.service.from(table).select('email').eq('email', email);
    expect(data).toEqual([{ email }]);
  });

  it('reports the same address in another letter case as a duplicate (23505)', async () => {
    const email = uniqueEmail();
    await insert(email);
    const error = await caught(insert(email.toUpperCase()));
    expect(error).toBeInstanceOf(BackendError);
    expect(error).toMatchObject({ code: '23505', status: 409 });
    expect(isDuplicateKeyError(error)).toBe(true);
  });

  it('reports a plus-address of a stored mailbox as a duplicate (23505)', async () => {
    const email = uniqueEmail('grace');
    await insert(email);
    expect(isDuplicateKeyError(await caught(insert(email.replace('@', '+news@'))))).toBe(true);
  });

  it('reports a malformed address as a non-duplicate failure', async () => {
    for (const bad of ['no-at-sign', 'a<victim@example.org>', 'Victim <victim@example.org>']) {
      const error = await caught(insert(bad));
      expect(error).toMatchObject({ name: 'BackendError', code: '23514', status: 400 });
      expect(isDuplicateKeyError(error)).toBe(false);
    }
  });
});

describe('waitlist sign-up', () => {
  it('maps the form fields to snake_case columns and stores blank options as NULL', async () => {
    const fields = waitlist({ role: '  ', useCase: 'Automate reporting', companySize: '51-200' });
    await insertWaitlistSignup(fields);
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
  });

  it('stores optional text of only invisible characters as NULL, and refuses it where required', async () => {
    const fields = waitlist({ role: '\u200b\u00a0', useCase: '\u2060' });
    await insertWaitlistSignup(fields);
    const { data } = await backend.service
      .from('waitlist_signups')
      .select('role, use_case')
      .eq('email', fields.email);
    expect(data).toEqual([{ role: null, use_case: null }]);
    await expect(insertWaitlistSignup(waitlist({ company: '\u200b' }))).rejects.toMatchObject({
      code: '23514',
    });
  });

  it('refuses an option outside the list', async () => {
    await expect(insertWaitlistSignup(waitlist({ hearAbout: 'tv' }))).rejects.toMatchObject({
      code: '23514',
    });
  });

  it('reports a duplicate with 23505', async () => {
    const fields = waitlist();
    await insertWaitlistSignup(fields);
    expect(
      isDuplicateKeyError(
        await caught(insertWaitlistSignup({ ...fields, email: fields.email.toUpperCase() })),
      ),
    ).toBe(true);
  });
});

describe('signUp, the one sign-up call of every list', () => {
  const outboxTo = (email: string) => mailTo(backend, email);

  it.each([
    ['early_access', 'early_access_signups'],
    ['newsletter', 'newsletter_subscriptions'],
  ] as const)(
    '%s: stores the row, mails the stored address once, and says it was mailed',
    async (list, table) => {
      const email = uniqueEmail('jane.doe');
      await expect(signUp(list, { email })).resolves.toEqual({ ok: true, mailed: true });
      const { data } = await backend.service.from(table).select('email').eq('email', email);
      expect(data).toEqual([{ email }]);
      expect(await outboxTo(email)).toHaveLength(1);
    },
  );

  it('waitlist: stores every field and mails the stored address', async () => {
    const fields = waitlist({ role: 'CTO' });
    await expect(signUp('waitlist', fields)).resolves.toEqual({ ok: true, mailed: true });
    const { data } = await backend.service
      .from('waitlist_signups')
      .select('first_name, role')
      .eq('email', fields.email);
    expect(data).toEqual([{ first_name: 'Ada', role: 'CTO' }]);
    expect(await outboxTo(fields.email)).toHaveLength(1);
  });

  it('tells a duplicate (in other letter case) apart; an unconfirmed one gets a fresh confirmation, a confirmed one nothing', async () => {
    const email = uniqueEmail('sam');
    await signUp('newsletter', { email });
    await expect(signUp('newsletter', { email: email.toUpperCase() })).resolves.toEqual({
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
    await expect(signUp('newsletter', { email })).resolves.toEqual({
      ok: false,
      reason: 'duplicate',
    });
    expect(await outboxTo(email)).toHaveLength(2);
  });

  it('logs any other failure and answers failed, without mailing', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fields = waitlist({ hearAbout: 'tv' });
    await expect(signUp('waitlist', fields)).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(consoleError).toHaveBeenCalledWith(
      'The waitlist sign-up failed:',
      expect.objectContaining({ code: '23514' }),
    );
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

  it.each([
    ['early_access', 'early_access_signups'],
    ['newsletter', 'newsletter_subscriptions'],
  ] as const)('%s: stores the source the visit recorded', async (list, table) => {
    visit(SOURCE);
    const email = uniqueEmail();
    await expect(signUp(list, { email })).resolves.toMatchObject({ ok: true });
    const { data } = await backend.service.from(table).select(COLUMNS).eq('email', email);
    expect(data).toEqual([SOURCE]);
  });

  it('stores nothing of a visit that recorded nothing', async () => {
    const email = uniqueEmail();
    await signUp('newsletter', { email });
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
    await signUp(list, row(referrer));
    const code = await referralCodeOf(table, referrer);
    expect(code).toMatch(/^[0-9a-f]{16}$/);

    visit({ utm_source: 'referral', landing_path: '/', referred_by: code });
    const friend = uniqueEmail('friend');
    await expect(signUp(list, row(friend))).resolves.toMatchObject({ ok: true });
    const { data } = await backend.service
      .from(table)
      .select('utm_source, referred_by')
      .eq('email', friend);
    expect(data).toEqual([{ utm_source: 'referral', referred_by: code }]);
  });

  it("sends a newsletter sign-up no referral code, and the other list's code is dropped", async () => {
    const referrer = uniqueEmail('referrer');
    await signUp('early_access', { email: referrer });
    const code = await referralCodeOf('early_access_signups', referrer);
    visit({ landing_path: '/', referred_by: code });
    const subscriber = uniqueEmail('reader');
    await expect(signUp('newsletter', { email: subscriber })).resolves.toMatchObject({ ok: true });
    const friend = waitlist();
    await expect(signUp('waitlist', friend)).resolves.toMatchObject({ ok: true });
    const { data } = await backend.service
      .from('waitlist_signups')
      .select('referred_by')
      .eq('email', friend.email);
    expect(data).toEqual([{ referred_by: null }]);
  });
});
