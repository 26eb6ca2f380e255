import { createJwtVerifier, signEs256, signHs256 } from '../src/keys/jwt.ts';
import { generateSigningKey } from '../src/keys/signing-key.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from '../src/index.ts';
import { signJwt } from '../src/testing/sign-jwt.ts';

const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('local keys', () => {
  it('are the Supabase CLI demo keys, signed with the local secret', async () => {
    const claims = { iss: 'supabase-demo', role: 'anon', exp: 1983812996 };
    expect(await signHs256(claims, LOCAL_JWT_SECRET)).toBe(LOCAL_ANON_KEY);
    // The tests' synchronous signer makes the same bytes.
    expect(signJwt(claims, LOCAL_JWT_SECRET)).toBe(LOCAL_ANON_KEY);
    const verifier = createJwtVerifier({ legacySecret: LOCAL_JWT_SECRET, signingKeys: [] });
    expect(await verifier.verify(LOCAL_ANON_KEY)).toEqual({ ok: true, claims });
    expect(await verifier.verify(LOCAL_SERVICE_ROLE_KEY)).toEqual({
      ok: true,
      claims: { ...claims, role: 'service_role' },
    });
  });
});

describe('the verifier', () => {
  const secret = 'a-secret-that-is-long-enough-for-hs256-tests';
  const key = generateSigningKey();
  let now = new Date('2026-01-01T00:00:00Z');
  const nowSeconds = () => Math.floor(now.getTime() / 1000);
  const verifier = createJwtVerifier({ legacySecret: secret, signingKeys: [key], now: () => now });

  it('accepts the legacy secret’s HS256 and the signing key’s ES256, with or without its kid', async () => {
    expect(await verifier.verify(await signHs256({ role: 'anon' }, secret))).toEqual({
      ok: true,
      claims: { role: 'anon' },
    });
    const session = await signEs256({ role: 'authenticated', sub: 'x' }, key);
    expect(JSON.parse(Buffer.from(session.split('.')[0], 'base64url').toString())).toEqual({
      alg: 'ES256',
      kid: key.kid,
      typ: 'JWT',
    });
    expect(await verifier.verify(session)).toMatchObject({ ok: true, claims: { sub: 'x' } });
    const [, payload, signature] = session.split('.');
    const kidless = `${base64({ alg: 'ES256', typ: 'JWT' })}.${payload}.${signature}`;
    // The header is signed too: without the kid the signature no longer matches, but a key is tried.
    expect(await verifier.verify(kidless)).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('refuses another secret, another key under our kid, a key of its own kid, a tampered payload', async () => {
    expect(await verifier.verify(await signHs256({ role: 'anon' }, `${secret}-not`))).toEqual({
      ok: false,
      reason: 'bad-signature',
      alg: 'HS256',
    });
    const impostor = { ...generateSigningKey(), kid: key.kid };
    expect(await verifier.verify(await signEs256({ role: 'anon' }, impostor))).toEqual({
      ok: false,
      reason: 'bad-signature',
      alg: 'ES256',
    });
    const stranger = generateSigningKey();
    expect(await verifier.verify(await signEs256({ role: 'anon' }, stranger))).toEqual({
      ok: false,
      reason: 'no-key',
      alg: 'ES256',
      kid: stranger.kid,
    });
    const [header, , signature] = (await signHs256({ role: 'anon' }, secret)).split('.');
    expect(
      await verifier.verify(`${header}.${base64({ role: 'service_role' })}.${signature}`),
    ).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('refuses alg none (in any case), other algorithms, and what is not a JWT', async () => {
    for (const alg of ['none', 'None']) {
      expect(
        await verifier.verify(`${base64({ alg })}.${base64({ role: 'service_role' })}.`),
      ).toEqual({ ok: false, reason: 'alg-none' });
    }
    expect(
      await verifier.verify(`${base64({ alg: 'RS256', kid: 'k' })}.${base64({})}.c2lnbmF0dXJl`),
    ).toEqual({ ok: false, reason: 'no-key', alg: 'RS256', kid: 'k' });
    expect(await verifier.verify('')).toEqual({ ok: false, reason: 'empty' });
    expect(await verifier.verify('not-a-jwt')).toEqual({ ok: false, reason: 'parts', count: 1 });
    expect(await verifier.verify('a.b.c')).toEqual({ ok: false, reason: 'undecodable' });
    const hs256 = base64({ alg: 'HS256' });
    expect(await verifier.verify(`${hs256}.${base64({})}.not*base64`)).toEqual({
      ok: false,
      reason: 'undecodable',
    });
  });

  it('checks exp, nbf and iat against its clock, with the leeway asked for', async () => {
    const at = nowSeconds();
    const token = (claims: Record<string, unknown>) => signHs256(claims, secret);
    expect(await verifier.verify(await token({ exp: at }))).toEqual({
      ok: false,
      reason: 'claim',
      claim: 'exp',
      problem: 'out-of-time',
    });
    expect(
      await verifier.verify(await token({ exp: at - 10 }), { leewaySeconds: 30 }),
    ).toMatchObject({ ok: true });
    expect(await verifier.verify(await token({ nbf: at + 5 }))).toMatchObject({
      reason: 'claim',
      claim: 'nbf',
      problem: 'out-of-time',
    });
    expect(await verifier.verify(await token({ iat: at + 5 }))).toMatchObject({
      reason: 'claim',
      claim: 'iat',
      problem: 'out-of-time',
    });
    expect(
      await verifier.verify(await token({ iat: at + 5 }), { checkIssuedAt: false }),
    ).toMatchObject({ ok: true });
    expect(await verifier.verify(await token({ exp: String(at + 60) }))).toMatchObject({
      reason: 'claim',
      claim: 'exp',
      problem: 'not-a-number',
    });
    expect(await verifier.verify(await token({ role: 'anon' }))).toMatchObject({ ok: true });
    const later = await token({ exp: at + 60 });
    now = new Date(now.getTime() + 61_000);
    expect(await verifier.verify(later)).toMatchObject({ ok: false, claim: 'exp' });
    expect(verifier.nowSeconds()).toBe(at + 61);
  });
});
