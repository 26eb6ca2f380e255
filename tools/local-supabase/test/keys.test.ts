import { signJwt, verifyJwt } from '../src/keys/jwt.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from '../src/index.ts';

describe('local keys', () => {
  it('are the Supabase CLI demo keys, signed with the local secret', () => {
    expect(verifyJwt(LOCAL_ANON_KEY, LOCAL_JWT_SECRET)).toEqual({
      ok: true,
      claims: { iss: 'supabase-demo', role: 'anon', exp: 1983812996 },
    });
    expect(verifyJwt(LOCAL_SERVICE_ROLE_KEY, LOCAL_JWT_SECRET)).toEqual({
      ok: true,
      claims: { iss: 'supabase-demo', role: 'service_role', exp: 1983812996 },
    });
    expect(signJwt({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 }, LOCAL_JWT_SECRET)).toBe(
      LOCAL_ANON_KEY,
    );
  });
});

describe('verifyJwt', () => {
  const secret = 'a-secret-that-is-long-enough-for-hs256-tests';

  it('refuses a token signed with another secret', () => {
    expect(
      verifyJwt(signJwt({ role: 'service_role' }, 'another-secret-entirely-0123456789'), secret),
    ).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('refuses a tampered payload', () => {
    const [header, , signature] = signJwt({ role: 'anon' }, secret).split('.');
    const forged = Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url');
    expect(verifyJwt(`${header}.${forged}.${signature}`, secret)).toMatchObject({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('refuses expired tokens and accepts ones without exp', () => {
    expect(verifyJwt(signJwt({ role: 'anon', exp: 100 }, secret), secret, 101)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(verifyJwt(signJwt({ role: 'anon' }, secret), secret)).toMatchObject({ ok: true });
  });

  it('refuses alg "none" and malformed tokens', () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url');
    expect(verifyJwt(`${header}.${payload}.`, secret)).toEqual({
      ok: false,
      reason: 'unsupported-algorithm',
    });
    expect(verifyJwt('not-a-jwt', secret)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyJwt('a.b.c', secret)).toEqual({ ok: false, reason: 'malformed' });
  });
});
