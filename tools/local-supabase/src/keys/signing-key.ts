import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import { chmodSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Hosted Supabase signs access tokens with an asymmetric JWT signing key, ES256 on the NIST P-256 curve
// by default, names it in the token header (`kid`) and publishes its public half at
// /auth/v1/.well-known/jwks.json. This server does the same with one key of its own (signed and checked
// with jose: jwt.ts).

/** The public half, in the shape /auth/v1/.well-known/jwks.json lists it. */
export interface PublicSigningJwk {
  alg: 'ES256';
  crv: 'P-256';
  ext: true;
  key_ops: ['verify'];
  kid: string;
  kty: 'EC';
  use: 'sig';
  x: string;
  y: string;
}

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: PublicSigningJwk;
}

/**
 * The file in the data dir that holds the key: the Supabase CLI's signing_keys.json format (what
 * `supabase gen signing-key` writes and `[auth] signing_keys_path` reads), readable by its owner only.
 */
export const SIGNING_KEYS_FILE = 'signing_keys.json';

interface PrivateJwk {
  kty: 'EC';
  kid: string;
  use: 'sig';
  key_ops: ['sign', 'verify'];
  alg: 'ES256';
  ext: true;
  crv: 'P-256';
  x: string;
  y: string;
  d: string;
}

function fromPrivateJwk(jwk: PrivateJwk): SigningKey {
  const privateKey = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, d: jwk.d },
    format: 'jwk',
  });
  const { x, y } = createPublicKey(privateKey).export({ format: 'jwk' });
  return {
    kid: jwk.kid,
    privateKey,
    publicJwk: {
      alg: 'ES256',
      crv: 'P-256',
      ext: true,
      key_ops: ['verify'],
      kid: jwk.kid,
      kty: 'EC',
      use: 'sig',
      x: x as string,
      y: y as string,
    },
  };
}

function newPrivateJwk(): PrivateJwk {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x, y, d } = privateKey.export({ format: 'jwk' });
  return {
    kty: 'EC',
    kid: randomUUID(),
    use: 'sig',
    key_ops: ['sign', 'verify'],
    alg: 'ES256',
    ext: true,
    crv: 'P-256',
    x: x as string,
    y: y as string,
    d: d as string,
  };
}

/** A key that lives as long as the process (an in-memory server). */
export function generateSigningKey(): SigningKey {
  return fromPrivateJwk(newPrivateJwk());
}

function isPrivateEs256Jwk(value: unknown): value is PrivateJwk {
  const jwk = value as Partial<PrivateJwk> | null;
  return (
    typeof jwk === 'object' &&
    jwk !== null &&
    jwk.kty === 'EC' &&
    jwk.crv === 'P-256' &&
    (jwk.alg === undefined || jwk.alg === 'ES256') &&
    typeof jwk.kid === 'string' &&
    jwk.kid !== '' &&
    [jwk.x, jwk.y, jwk.d].every((part) => typeof part === 'string' && part !== '')
  );
}

/**
 * The data dir's key, made on first use: sessions signed before a restart stay valid after it. The file
 * is written aside with mode 0600 and renamed into place, so it is never seen half-written or readable
 * by others; a file that has become readable by others is narrowed back to its owner.
 */
export function loadOrCreateSigningKey(dataDir: string): SigningKey {
  const file = path.join(dataDir, SIGNING_KEYS_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const jwk = newPrivateJwk();
    const aside = `${file}.${process.pid}.tmp`;
    writeFileSync(aside, `${JSON.stringify([jwk], null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    renameSync(aside, file);
    return fromPrivateJwk(jwk);
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  let keys: unknown;
  try {
    keys = JSON.parse(text);
  } catch {
    keys = undefined;
  }
  const jwk = Array.isArray(keys) ? keys.find(isPrivateEs256Jwk) : undefined;
  if (!jwk) {
    throw new Error(
      `${file} holds no ES256 (P-256) private key; delete it to have a new one made (signed-in sessions then end)`,
    );
  }
  return fromPrivateJwk(jwk);
}
