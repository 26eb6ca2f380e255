import { RuntimeConfigError } from '../runtime-config/runtime-config';

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
    const data = await import('../index');
    expect(mockSupabaseLoads).toBe(0);

    await expect(data.insertNewsletterSubscription('early@example.com')).rejects.toBeInstanceOf(
      RuntimeConfigError,
    );
    expect(mockSupabaseLoads).toBe(0);

    const { connectTestBackend, uniqueEmail } = await import('./testing/test-backend');
    const backend = connectTestBackend();
    expect(mockSupabaseLoads).toBe(1); // the test helper's own service client, not the library's
    expect(mockCreateClient).toHaveBeenCalledTimes(1);

    await data.insertNewsletterSubscription(uniqueEmail());
    await data.insertEarlyAccessSignup(uniqueEmail());
    await data.sendThankYouEmail({ type: 'newsletter', email: uniqueEmail() });
    expect(mockCreateClient).toHaveBeenCalledTimes(2);
    expect(mockCreateClient).toHaveBeenLastCalledWith(
      backend.url,
      backend.anonKey,
      expect.anything(),
    );
  });
});
