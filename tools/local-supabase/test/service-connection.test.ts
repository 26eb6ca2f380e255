import { LOCAL_SECRET_KEY, serviceConnectionFromEnv } from '../src/index.ts';

describe('serviceConnectionFromEnv', () => {
  it('defaults to this server and its secret key', () => {
    expect(serviceConnectionFromEnv({})).toEqual({
      apiUrl: 'http://127.0.0.1:54321',
      serviceKey: LOCAL_SECRET_KEY,
    });
  });

  it('takes the local secret key for any loopback URL', () => {
    for (const url of ['http://localhost:8000', 'http://[::1]:54321', 'http://127.0.0.1:1']) {
      expect(serviceConnectionFromEnv({ SUPABASE_URL: url }).serviceKey).toBe(LOCAL_SECRET_KEY);
    }
  });

  it('never sends the local key to another host', () => {
    expect(serviceConnectionFromEnv({ SUPABASE_URL: 'https://abc.supabase.co' })).toEqual({
      apiUrl: 'https://abc.supabase.co',
      serviceKey: '',
    });
  });

  it('prefers SUPABASE_SECRET_KEY, then SUPABASE_SERVICE_ROLE_KEY', () => {
    const hosted = { SUPABASE_URL: 'https://abc.supabase.co' };
    expect(
      serviceConnectionFromEnv({
        ...hosted,
        SUPABASE_SECRET_KEY: 'sb_secret_x',
        SUPABASE_SERVICE_ROLE_KEY: 'legacy',
      }).serviceKey,
    ).toBe('sb_secret_x');
    expect(
      serviceConnectionFromEnv({ ...hosted, SUPABASE_SERVICE_ROLE_KEY: 'legacy' }).serviceKey,
    ).toBe('legacy');
  });
});
