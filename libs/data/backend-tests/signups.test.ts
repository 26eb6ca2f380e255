import { signUp, type WaitlistFields } from '@agentora/data';
import { ATTRIBUTION_KEY } from '@agentora/data/backend-internals';
import { mailTo } from './test-support/outbox';
import {
  BOT_CHECK_TOKEN,
  connectTestBackend,
  pointAtUnreachableBackend,
  uniqueEmail,
  type TestBackend,
} from './test-support/test-backend';

// signUp against the real sign-up function (supabase/functions/sign-up on Deno): one request per
// sign-up, the bot check's token verified by the local server's stand-in for siteverify, the row stored
// by public.sign_up. What the visitor is told comes back as an outcome, never a throw.
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

const outboxTo = (email: string) => mailTo(backend, email);

async function rowsOf(table: string, email: string): Promise<unknown[]> {
  const { data, error } = await backend.service.from(table).select('email').ilike('email', email);
  if (error) throw error;
  return data;
}

/**
 * A sign-up the function refuses as invalid: answered failed and logged with the function's refusal,
 * nothing stored or mailed.
 */
async function expectRefusedAsInvalid(sent: Promise<unknown>, table: string, email: string) {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await expect(sent).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringMatching(/^The \w+ sign-up failed:$/),
      expect.objectContaining({ status: 400, refusal: 'invalid' }),
    );
  } finally {
    consoleError.mockRestore();
  }
  expect(await rowsOf(table, email)).toEqual([]);
  expect(await outboxTo(email)).toEqual([]);
}

describe.each([
  ['early_access', 'early_access_signups'],
  ['newsletter', 'newsletter_subscriptions'],
] as const)('%s sign-up', (list, table) => {
  it('stores the email', async () => {
    const email = uniqueEmail('jane.doe');
    await expect(signUp(list, { email }, BOT_CHECK_TOKEN)).resolves.toEqual({
      ok: true,
      mailed: true,
    });
    const { data } = await backend.service.from(table).select('email').eq('email', email);
    expect(data).toEqual([{ email }]);
  });

  it('reports the same address in another letter case as a duplicate', async () => {
    const email = uniqueEmail();
    await signUp(list, { email }, BOT_CHECK_TOKEN);
    await expect(signUp(list, { email: email.toUpperCase() }, BOT_CHECK_TOKEN)).resolves.toEqual({
      ok: false,
      reason: 'duplicate',
    });
    expect(await rowsOf(table, email)).toHaveLength(1);
  });

  it('reports a plus-address of a stored mailbox as a duplicate', async () => {
    const email = uniqueEmail('grace');
    await signUp(list, { email }, BOT_CHECK_TOKEN);
    const plus = email.replace('@', '+news@');
    await expect(signUp(list, { email: plus }, BOT_CHECK_TOKEN)).resolves.toEqual({
      ok: false,
      reason: 'duplicate',
    });
    expect(await rowsOf(table, plus)).toEqual([]);
  });

  it('reports a malformed address as a non-duplicate failure', async () => {
    for (const bad of ['no-at-sign', 'a<victim@example.org>', 'Victim <victim@example.org>']) {
      await expectRefusedAsInvalid(signUp(list, { email: bad }, BOT_CHECK_TOKEN), table, bad);
    }
  });
});

describe('waitlist sign-up', () => {
  it('maps the form fields to snake_case columns and stores blank options as NULL', async () => {
    const fields = waitlist({ role: '  ', useCase: 'Automate reporting', companySize: '51-200' });
    await expect(signUp('waitlist', fields, BOT_CHECK_TOKEN)).resolves.toMatchObject({ ok: true });
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
    await expect(signUp('waitlist', fields, BOT_CHECK_TOKEN)).resolves.toMatchObject({ ok: true });
    const { data } = await backend.service
      .from('waitlist_signups')
      .select('role, use_case')
      .eq('email', fields.email);
    expect(data).toEqual([{ role: null, use_case: null }]);
    const blank = waitlist({ company: '\u200b' });
    await expectRefusedAsInvalid(
      signUp('waitlist', blank, BOT_CHECK_TOKEN),
      'waitlist_signups',
      blank.email,
    );
  });

  it('refuses an option outside the list', async () => {
    const fields = waitlist({ hearAbout: 'tv' });
    await expectRefusedAsInvalid(
      signUp('waitlist', fields, BOT_CHECK_TOKEN),
      'waitlist_signups',
      fields.email,
    );
  });

  it('reports a duplicate', async () => {
    const fields = waitlist();
    await signUp('waitlist', fields, BOT_CHECK_TOKEN);
    await expect(
      signUp('waitlist', { ...fields, email: fields.email.toUpperCase() }, BOT_CHECK_TOKEN),
    ).resolves.toEqual({ ok: false, reason: 'duplicate' });
  });
});

describe('signUp, the one sign-up call of every list', () => {
  it.each([
    ['early_access', 'early_access_signups'],
    ['newsletter', 'newsletter_subscriptions'],
  ] as const)(
    '%s: stores the row, mails the stored address once, and says it was mailed',
    async (list, table) => {
      const email = uniqueEmail('jane.doe');
      await expect(signUp(list, { email }, BOT_CHECK_TOKEN)).resolves.toEqual({
        ok: true,
        mailed: true,
      });
      const { data } = await backend.service.from(table).select('email').eq('email', email);
      expect(data).toEqual([{ email }]);
      expect(await outboxTo(email)).toHaveLength(1);
    },
  );

  it('waitlist: stores every field and mails the stored address', async () => {
    const fields = waitlist({ role: 'CTO' });
    await expect(signUp('waitlist', fields, BOT_CHECK_TOKEN)).resolves.toEqual({
      ok: true,
      mailed: true,
    });
    const { data } = await backend.service
      .from('waitlist_signups')
      .select('first_name, role')
      .eq('email', fields.email);
    expect(data).toEqual([{ first_name: 'Ada', role: 'CTO' }]);
    expect(await outboxTo(fields.email)).toHaveLength(1);
  });

  it('tells a duplicate (in other letter case) apart; an unconfirmed one gets a fresh confirmation, a confirmed one nothing', async () => {
    const email = uniqueEmail('sam');
    await signUp('newsletter', { email }, BOT_CHECK_TOKEN);
    await expect(
      signUp('newsletter', { email: email.toUpperCase() }, BOT_CHECK_TOKEN),
    ).resolves.toEqual({
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
    await expect(signUp('newsletter', { email }, BOT_CHECK_TOKEN)).resolves.toEqual({
      ok: false,
      reason: 'duplicate',
    });
    expect(await outboxTo(email)).toHaveLength(2);
  });

  it('sends one request: the list, the fields by column, the source and the token, nothing else', async () => {
    const requests: Array<{ url: string; body: unknown }> = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.startsWith(backend.url)) requests.push({ url, body: JSON.parse(String(init?.body)) });
      return realFetch(input, init);
    };
    const fields = waitlist({ useCase: 'Reports' });
    try {
      await expect(signUp('waitlist', fields, BOT_CHECK_TOKEN)).resolves.toMatchObject({
        ok: true,
      });
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(requests).toEqual([
      {
        url: `${backend.url}/functions/v1/sign-up`,
        body: {
          list: 'waitlist',
          fields: {
            first_name: 'Ada',
            last_name: 'Lovelace',
            email: fields.email,
            company: 'Analytical Engines',
            role: '',
            company_size: '',
            use_case: 'Reports',
            hear_about: '',
          },
          source: {},
          bot_check: BOT_CHECK_TOKEN,
        },
      },
    ]);
  });

  it('logs any other failure and answers failed, without mailing', async () => {
    const fields = waitlist({ hearAbout: 'tv' });
    await expectRefusedAsInvalid(
      signUp('waitlist', fields, BOT_CHECK_TOKEN),
      'waitlist_signups',
      fields.email,
    );
  });

  it('answers failed, never throwing, when the backend cannot be reached', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    pointAtUnreachableBackend(backend);
    try {
      await expect(
        signUp('newsletter', { email: uniqueEmail() }, BOT_CHECK_TOKEN),
      ).resolves.toEqual({ ok: false, reason: 'failed' });
      expect(consoleError).toHaveBeenCalledWith(
        'The newsletter sign-up failed:',
        expect.anything(),
      );
    } finally {
      connectTestBackend();
      consoleError.mockRestore();
    }
  });
});

describe('the bot check', () => {
  it.each([
    ['a forged token', 'forged.token.from.a.script'],
    ['an empty token', ''],
  ])(
    'refuses %s as bot_check_failed, storing, mailing and logging nothing',
    async (_name, token) => {
      const consoleError = jest.spyOn(console, 'error');
      const email = uniqueEmail('bot');
      await expect(signUp('newsletter', { email }, token)).resolves.toEqual({
        ok: false,
        reason: 'bot_check_failed',
      });
      expect(consoleError).not.toHaveBeenCalled();
      consoleError.mockRestore();
      expect(await rowsOf('newsletter_subscriptions', email)).toEqual([]);
      expect(await outboxTo(email)).toEqual([]);
    },
  );

  describe('when siteverify cannot answer', () => {
    let unverified: TestBackend;
    beforeAll(() => {
      unverified = connectTestBackend({ siteverify: 'down' });
    });
    afterAll(() => {
      connectTestBackend();
    });

    it.each([
      ['early_access', 'early_access_signups'],
      ['newsletter', 'newsletter_subscriptions'],
      ['waitlist', 'waitlist_signups'],
    ] as const)(
      '%s: answers bot_check_unavailable, storing and mailing nothing',
      async (list, table) => {
        const email = uniqueEmail('down');
        const sent =
          list === 'waitlist'
            ? signUp(list, waitlist({ email }), BOT_CHECK_TOKEN)
            : signUp(list, { email }, BOT_CHECK_TOKEN);
        await expect(sent).resolves.toEqual({ ok: false, reason: 'bot_check_unavailable' });
        const { data } = await unverified.service.from(table).select('id').eq('email', email);
        expect(data).toEqual([]);
        expect(await mailTo(unverified, email)).toEqual([]);
      },
    );
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
    await expect(signUp(list, { email }, BOT_CHECK_TOKEN)).resolves.toMatchObject({ ok: true });
    const { data } = await backend.service.from(table).select(COLUMNS).eq('email', email);
    expect(data).toEqual([SOURCE]);
  });

  it('stores nothing of a visit that recorded nothing', async () => {
    const email = uniqueEmail();
    await signUp('newsletter', { email }, BOT_CHECK_TOKEN);
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
    await signUp(list, row(referrer), BOT_CHECK_TOKEN);
    const code = await referralCodeOf(table, referrer);
    expect(code).toMatch(/^[0-9a-f]{16}$/);

    visit({ utm_source: 'referral', landing_path: '/', referred_by: code });
    const friend = uniqueEmail('friend');
    await expect(signUp(list, row(friend), BOT_CHECK_TOKEN)).resolves.toMatchObject({
      ok: true,
    });
    const { data } = await backend.service
      .from(table)
      .select('utm_source, referred_by')
      .eq('email', friend);
    expect(data).toEqual([{ utm_source: 'referral', referred_by: code }]);
  });

  it("sends a newsletter sign-up no referral code, and the other list's code is dropped", async () => {
    const referrer = uniqueEmail('referrer');
    await signUp('early_access', { email: referrer }, BOT_CHECK_TOKEN);
    const code = await referralCodeOf('early_access_signups', referrer);
    visit({ landing_path: '/', referred_by: code });
    const subscriber = uniqueEmail('reader');
    await expect(
      signUp('newsletter', { email: subscriber }, BOT_CHECK_TOKEN),
    ).resolves.toMatchObject({ ok: true });
    const friend = waitlist();
    await expect(signUp('waitlist', friend, BOT_CHECK_TOKEN)).resolves.toMatchObject({
      ok: true,
    });
    const { data } = await backend.service
      .from('waitlist_signups')
      .select('referred_by')
      .eq('email', friend.email);
    expect(data).toEqual([{ referred_by: null }]);
  });
});
