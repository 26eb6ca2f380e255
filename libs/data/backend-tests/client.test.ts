import { TURNSTILE_DUMMY_TOKEN } from '@agentora/backend-rules/bot-check';
import { RuntimeConfigError } from '@agentora/data';

// supabase-js is not part of a visitor's page: their calls (a sign-up, a mail link) are plain requests
// to the functions, and only the team's console loads it (lazySupabaseClient).
let mockSupabaseLoads = 0;
const mockCreateClient = jest.fn();
jest.mock('@supabase/supabase-js', () => {
  mockSupabaseLoads += 1;
  const actual = jest.requireActual('@supabase/supabase-js');
  mockCreateClient.mockImplementation(actual.createClient);
  return { ...actual, createClient: mockCreateClient };
});

describe("a visitor's calls", () => {
  it('never load supabase-js', async () => {
    const data = await import('@agentora/data');
    expect(mockSupabaseLoads).toBe(0);

    // Before the runtime config is read, a sign-up fails on it.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(
      data.signUp('newsletter', { email: 'early@example.com' }, TURNSTILE_DUMMY_TOKEN),
    ).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(consoleError).toHaveBeenCalledWith(
      'The newsletter sign-up failed:',
      expect.any(RuntimeConfigError),
    );
    consoleError.mockRestore();

    const { connectTestBackend, uniqueEmail } = await import('./test-support/test-backend');
    connectTestBackend();
    expect(mockSupabaseLoads).toBe(1); // the test helper's own service client, not the library's
    expect(mockCreateClient).toHaveBeenCalledTimes(1);

    await expect(
      data.signUp('newsletter', { email: uniqueEmail() }, TURNSTILE_DUMMY_TOKEN),
    ).resolves.toMatchObject({ ok: true });
    await expect(
      data.signUp('early_access', { email: uniqueEmail() }, TURNSTILE_DUMMY_TOKEN),
    ).resolves.toMatchObject({ ok: true });
    expect(await data.confirmEmail('not a token')).toEqual({
      ok: false,
      reason: 'link_not_valid',
    });
    expect(mockCreateClient).toHaveBeenCalledTimes(1);
  });
});
