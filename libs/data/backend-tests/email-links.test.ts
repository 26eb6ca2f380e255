import {
  confirmEmail,
  copyRecords,
  eraseRecords,
  placeOfLink,
  requestPrivacyLink,
  setRuntimeConfig,
  signUp,
  unsubscribe,
} from '@agentora/data';
import { mailTo } from './test-support/outbox';
import { BOT_CHECK_TOKEN, connectTestBackend, uniqueEmail } from './test-support/test-backend';

// The pages' calls against the real local backend: the tokens come from the mails in its outbox.
const backend = connectTestBackend();

const mailsTo = (to: string) => mailTo(backend, to);

async function tokenFrom(to: string, path: string): Promise<string> {
  for (let tries = 0; tries < 100; tries += 1) {
    for (const { text } of await mailsTo(to)) {
      const match = new RegExp(`${path}\\?(?:action=\\w+&)?token=([\\w-]{43})`).exec(text);
      if (match) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No ${path} link reached ${to}.`);
}

describe('confirmEmail', () => {
  it('confirms once, then the link is used', async () => {
    const email = uniqueEmail('ada');
    await signUp('newsletter', { email }, BOT_CHECK_TOKEN);
    const token = await tokenFrom(email, '/email/confirm');
    expect(await confirmEmail(token)).toEqual({ ok: true, list: 'newsletter' });
    const { data } = await backend.service
      .from('newsletter_subscriptions')
      .select('confirmed_at')
      .eq('email', email);
    expect(data?.[0].confirmed_at).toEqual(expect.any(String));
    expect(await confirmEmail(token)).toEqual({ ok: false, reason: 'link_not_valid' });
    expect(await confirmEmail('not a token')).toEqual({ ok: false, reason: 'link_not_valid' });
  });
});

describe('places in line', () => {
  const CODE = expect.stringMatching(/^[0-9a-f]{16}$/);

  it('confirming a line sign-up tells its place and referral code; the place mail’s link shows it again', async () => {
    const email = uniqueEmail('eve');
    await signUp('early_access', { email }, BOT_CHECK_TOKEN);
    const confirmed = await confirmEmail(await tokenFrom(email, '/email/confirm'));
    expect(confirmed).toEqual({
      ok: true,
      list: 'early_access',
      place: { list: 'early_access', position: expect.any(Number), referralCode: CODE },
    });
    const place = (confirmed as { place: { position: number; referralCode: string } }).place;
    expect(place.position).toBeGreaterThanOrEqual(1);
    const { data } = await backend.service
      .from('early_access_signups')
      .select('referral_code')
      .eq('email', email);
    expect(data).toEqual([{ referral_code: place.referralCode }]);

    const token = await tokenFrom(email, '/email/place');
    const shown = await placeOfLink(token);
    expect(shown).toEqual({
      ok: true,
      list: 'early_access',
      position: expect.any(Number),
      referralCode: place.referralCode,
    });
    // Reading changes nothing: the link shows the place as often as it is opened.
    expect(await placeOfLink(token)).toEqual(shown);
  });

  it('a made-up place link, or one whose sign-up left the list, shows nothing', async () => {
    expect(await placeOfLink('A'.repeat(43))).toEqual({ ok: false, reason: 'link_not_valid' });
    expect(await placeOfLink('not a token')).toEqual({ ok: false, reason: 'link_not_valid' });

    const email = uniqueEmail('fay');
    await signUp('early_access', { email }, BOT_CHECK_TOKEN);
    await confirmEmail(await tokenFrom(email, '/email/confirm'));
    const token = await tokenFrom(email, '/email/place');
    await unsubscribe(await tokenFrom(email, '/email/unsubscribe'));
    expect(await placeOfLink(token)).toEqual({ ok: false, reason: 'link_not_valid' });
  });
});

describe('unsubscribe', () => {
  it('posts like a one-click button, without a key, and the sign-up is gone', async () => {
    const email = uniqueEmail('bob');
    await signUp('early_access', { email }, BOT_CHECK_TOKEN);
    const token = await tokenFrom(email, '/email/unsubscribe');
    expect(await unsubscribe(token)).toEqual({ ok: true, list: 'early_access' });
    const { data } = await backend.service
      .from('early_access_signups')
      .select('id')
      .eq('email', email);
    expect(data).toEqual([]);
    expect(await unsubscribe(token)).toEqual({ ok: false, reason: 'link_not_valid' });
  });
});

describe('privacy links', () => {
  it('asks for a copy, gets every record, and the link works once', async () => {
    const email = uniqueEmail('cora');
    await signUp('early_access', { email }, BOT_CHECK_TOKEN);
    expect(await requestPrivacyLink(` ${email} `, 'copy')).toEqual({ ok: true });
    const token = await tokenFrom(email, '/privacy/erase');
    const copy = await copyRecords(token);
    expect(copy).toMatchObject({
      ok: true,
      records: { early_access: [expect.objectContaining({ email })], applications: [] },
    });
    expect(await copyRecords(token)).toEqual({ ok: false, reason: 'link_not_valid' });
  });

  it('erases, and a copy token cannot erase', async () => {
    const email = uniqueEmail('dora');
    await signUp(
      'waitlist',
      {
        email,
        firstName: 'Dora',
        lastName: 'Explorer',
        company: 'Maps',
        role: '',
        companySize: '',
        useCase: '',
        hearAbout: '',
      },
      BOT_CHECK_TOKEN,
    );
    await requestPrivacyLink(email, 'erase');
    const token = await tokenFrom(email, '/privacy/erase');
    expect(await copyRecords(token)).toEqual({ ok: false, reason: 'link_not_valid' });
    expect(await eraseRecords(token)).toEqual({
      ok: true,
      erased: { early_access: 0, newsletter: 0, waitlist: 1, applications: 0, resumes: 0 },
      pending: { resumes: 0 },
      kept: { suppressions: 0 },
    });
  });

  it('answers alike for an address nobody signed up with', async () => {
    expect(await requestPrivacyLink(uniqueEmail('nobody'), 'erase')).toEqual({ ok: true });
  });
});

describe('with the backend down', () => {
  afterEach(() => connectTestBackend());

  it('every call says unreachable', async () => {
    setRuntimeConfig({
      remotes: {
        content: 'http://x/a',
        signups: 'http://x/b',
        careers: 'http://x/c',
        backoffice: 'http://x/d',
      },
      supabase: { url: 'http://127.0.0.1:9', publishableKey: backend.publishableKey },
    });
    const unreachable = { ok: false, reason: 'unreachable' };
    const token = 'A'.repeat(43);
    expect(await confirmEmail(token)).toEqual(unreachable);
    expect(await unsubscribe(token)).toEqual(unreachable);
    expect(await requestPrivacyLink('a@example.com', 'copy')).toEqual(unreachable);
    expect(await eraseRecords(token)).toEqual(unreachable);
    expect(await copyRecords(token)).toEqual(unreachable);
    expect(await placeOfLink(token)).toEqual(unreachable);
  });
});
