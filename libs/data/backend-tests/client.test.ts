import { RuntimeConfigError } from '@agentora/data';
import { TEST_BACKEND_ENV } from './test-support/test-backend-env';

// supabase-js must not be part of page load: a visitor's sign-up never loads it (one fetch to the
// function), and the console's lazy client requires it on the first call, and only once.
let mockSupabaseLoads = 0;
const mockCreateClient = jest.fn();
jest.mock('@supabase/supabase-js', () => {
  mockSupabaseLoads += 1;
  const actual = jest.requireActual('@supabase/supabase-js');
  mockCreateClient.mockImplementation(actual.createClient);
  return { ...actual, createClient: mockCreateClient };
});

describe('the Supabase client', () => {
  it('is not loaded by a sign-up, and the lazy one is loaded on its first call and then reused', async () => {
    const data = await import('@agentora/data');
    expect(mockSupabaseLoads).toBe(0);

    // Before the runtime config is read, a sign-up fails on it without loading supabase-js.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(
      data.signUp('newsletter', { email: 'early@example.com' }, 'token'),
    ).resolves.toEqual({
      ok: false,
      reason: 'failed',
    });
    expect(consoleError).toHaveBeenCalledWith(
      'The newsletter sign-up failed:',
      expect.any(RuntimeConfigError),
    );
    consoleError.mockRestore();
    expect(mockSupabaseLoads).toBe(0);

    // The local backend of global-setup.ts, set by hand: the test helper's own service client would
    // load supabase-js itself.
    const url = process.env[TEST_BACKEND_ENV.url] as string;
    const publishableKey = process.env[TEST_BACKEND_ENV.publishableKey] as string;
    data.setRuntimeConfig({
      remotes: {
        content: `${url}/content.json`,
        signups: `${url}/signups.json`,
        careers: `${url}/careers.json`,
        backoffice: `${url}/backoffice.json`,
      },
      supabase: { url, publishableKey },
    });
    const { BOT_CHECK_TOKEN, uniqueEmail } = await import('./test-support/test-backend');
    expect(mockSupabaseLoads).toBe(1); // that helper module imports supabase-js: its own client
    expect(mockCreateClient).not.toHaveBeenCalled();

    // A visitor's sign-ups: stored and mailed, without a Supabase client.
    for (const list of ['newsletter', 'early_access'] as const) {
      await expect(data.signUp(list, { email: uniqueEmail() }, BOT_CHECK_TOKEN)).resolves.toEqual({
        ok: true,
        mailed: true,
      });
    }
    expect(mockCreateClient).not.toHaveBeenCalled();

    // The console's client: made on its first call, with the runtime config's backend, then reused.
    const client = data.lazySupabaseClient(() => ({ persistSession: false }));
    expect(mockCreateClient).not.toHaveBeenCalled();
    const first = await client();
    expect(await client()).toBe(first);
    expect(mockCreateClient).toHaveBeenCalledTimes(1);
    expect(mockCreateClient).toHaveBeenLastCalledWith(url, publishableKey, {
      auth: { persistSession: false },
    });
    expect(mockSupabaseLoads).toBe(1);
  });
});
