import { asServer, becomeCaller, type Caller, type Database } from '../db/database.ts';
import { signHs256, type JwtVerifier } from '../keys/jwt.ts';
import { loadStoredObject, type ObjectRow, type StoredObject } from './download.ts';
import { storageErrors, StorageFailure } from './errors.ts';

/** storage-api's longest signed URL: one year. */
const MAX_EXPIRES_IN_SECONDS = 365 * 24 * 60 * 60;

const SELECT_OBJECT =
  'select id, metadata, updated_at from storage.objects where bucket_id = $1 and name = $2';

function parseExpiresIn(body: unknown): number {
  const expiresIn = (body as { expiresIn?: unknown } | null)?.expiresIn;
  if (
    typeof expiresIn !== 'number' ||
    !Number.isInteger(expiresIn) ||
    expiresIn < 1 ||
    expiresIn > MAX_EXPIRES_IN_SECONDS
  ) {
    throw storageErrors.invalidRequest('expiresIn must be a whole number of seconds, at least 1');
  }
  return expiresIn;
}

/**
 * POST /storage/v1/object/sign/<bucket>/<name> {expiresIn}: as storage-api does, a token signed with the
 * project's JWT secret naming the object, for a caller who may read the object (RLS decides, so anon
 * gets nothing on the private résumé bucket). Answers { signedURL: '/object/sign/...?token=...' }.
 */
export async function createSignedUrl(
  database: Database,
  caller: Caller,
  keys: { jwtSecret: string; jwt: JwtVerifier },
  bucketId: string,
  name: string,
  body: unknown,
): Promise<{ signedURL: string }> {
  const expiresIn = parseExpiresIn(body);
  await database.transaction(async (db) => {
    await becomeCaller(db, caller);
    const { rows } = await db.query(SELECT_OBJECT, [bucketId, name]);
    if (!rows[0]) throw storageErrors.noSuchKey();
  });
  const now = keys.jwt.nowSeconds();
  const token = await signHs256(
    { url: `${bucketId}/${name}`, iat: now, exp: now + expiresIn },
    keys.jwtSecret,
  );
  const path = [bucketId, ...name.split('/')].map(encodeURIComponent).join('/');
  return { signedURL: `/object/sign/${path}?token=${token}` };
}

/**
 * GET /storage/v1/object/sign/<bucket>/<name>?token=...: no API key, the token alone admits. It is checked
 * as every token is (an access token names no object, so it opens none).
 */
export async function downloadSigned(
  database: Database,
  jwt: JwtVerifier,
  bucketId: string,
  name: string,
  token: string | null,
): Promise<StoredObject> {
  if (!token)
    throw new StorageFailure(400, 'InvalidSignature', 'InvalidSignature', 'Missing token');
  const verified = await jwt.verify(token);
  if (!verified.ok) {
    const expired = verified.reason === 'claim' && verified.claim === 'exp';
    throw storageErrors.invalidJwt(expired ? 'jwt expired' : 'invalid signature');
  }
  if (verified.claims.url !== `${bucketId}/${name}`) {
    throw new StorageFailure(
      400,
      'InvalidSignature',
      'InvalidSignature',
      'The url do not match the signature',
    );
  }
  return database.transaction(async (db) => {
    await asServer(db);
    const { rows } = await db.query<ObjectRow>(SELECT_OBJECT, [bucketId, name]);
    if (!rows[0]) throw storageErrors.noSuchKey();
    return loadStoredObject(db, rows[0]);
  });
}
