import { createHmac } from 'node:crypto';

const base64UrlJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * An HS256 token of `claims` under `secret`, as the legacy JWT secret signs: for tests that mint or forge
 * tokens inline (a legacy session, another secret's key). Synchronous, where jose signs only
 * asynchronously, so a test builds a client from it in one expression; the server itself signs and checks
 * with jose (keys/jwt.ts), and test/keys.test.ts holds the two to the same bytes.
 */
export function signJwt(claims: Record<string, unknown>, secret: string): string {
  const unsigned = `${base64UrlJson({ alg: 'HS256', typ: 'JWT' })}.${base64UrlJson(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
