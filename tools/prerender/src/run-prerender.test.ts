import { withoutSecrets } from './run-prerender';

describe('the prerender command', () => {
  it("runs without the deploy's credentials: it executes the remotes' server builds, fetched from their hosts", () => {
    const env = withoutSecrets({
      PATH: '/usr/bin',
      CLOUDFLARE_API_TOKEN: 'token',
      CLOUDFLARE_ACCOUNT_ID: 'account',
      SUPABASE_SECRET_KEY: 'sb_secret_x',
      SUPABASE_SERVICE_KEY: 'service',
      SUPABASE_ACCESS_TOKEN: 'sbp_x',
      SUPABASE_DB_URL: 'postgres://x',
      SUPABASE_URL: 'https://abc.supabase.co',
    });
    expect(env).toEqual({ PATH: '/usr/bin', SUPABASE_URL: 'https://abc.supabase.co' });
  });
});
