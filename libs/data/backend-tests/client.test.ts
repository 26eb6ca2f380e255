import { RuntimeConfigError } from '@agentora/data';

// supabase-js must not be part of page load: it is required on the first call, and only once.
let mockSupabaseLoads = 0;
const mockCreateClient = jest.fn();
jest.mock('@supabase/supabase-js', () => {
  mockSupabaseLoads += 1;
  const actual = jest.requireActual('@supabase/supabase-js');
  mockCreateClient.mockImplementation(actual.createClient);
  return { ...actual, createClient: mockCreateClient };
});

describe('the Supabase client', () => {
  it('is loaded lazily on the first call and then reused', async () => {
    const data = await import('@agentora/data');
    expect(mockSupabaseLoads).toBe(0);

    // Before the runtime config is read, a sign-up fails on it without loading supabase-js.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(data.signUp('newsletter', { email: 'early@example.com' })).resolves.toEqual({
      ok: false,
      reason: 'failed',
    });
    expect(consoleError).toHaveBeenCalledWith(
      'The newsletter sign-up failed:',
      expect.any(RuntimeConfigError),
    );
    consoleError.mockRestore();
    expect(mockSupabaseLoads).toBe(0);

    const { connectTestBackend, uniqueEmail } = await import('./test-support/test-backend');
    const backend = connectTestBackend();
    expect(mockSupabaseLoads).toBe(1); // the test helper's own service client, not the library's
    expect(mockCreateClient).toHaveBeenCalledTimes(1);

    // Inserts and the thank-you function, through one client.
    await data.signUp('newsletter', { email: uniqueEmail() });
    await data.signUp('early_access', { email: uniqueEmail() });
    expect(mockCreateClient).toHaveBeenCalledTimes(2);
    expect(mockCreateClient).toHaveBeenLastCalledWith(
      backend.url,
      backend.publishableKey,
      expect.anything(),
    );
  });
});
