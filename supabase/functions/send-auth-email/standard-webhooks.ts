// Standard Webhooks (https://www.standardwebhooks.com/), the way Supabase Auth signs an HTTP hook: the
// headers webhook-id, webhook-timestamp (Unix seconds) and webhook-signature, a space-separated list of
// `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` (Auth joins several with ", "). The key is the
// base64 after `whsec_` in the hook's secret, which the dashboard shows as `v1,whsec_<base64>`. Web Crypto
// only, so the same module runs on Deno and in the Node tests, and nothing is downloaded.

/** A signature older (or further ahead) than this is refused: a captured request cannot be replayed later. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

const SECRET_PREFIX = /^(?:v1,)?whsec_/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** What Resend takes as an Idempotency-Key, and Auth's ids (UUIDs) fit easily. */
const WEBHOOK_ID = /^[\x21-\x7e]{1,256}$/;

function base64Bytes(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The signing keys of a hook secret: `v1,whsec_<base64>`, or several separated by `|` (how Auth takes
 * them while one is rotated). Throws, saying what is missing, when a part is not such a secret.
 */
export function webhookKeys(
  secret: string | undefined,
  functionName: string,
  variable: string,
): Uint8Array<ArrayBuffer>[] {
  const parts = (secret ?? '')
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const keys = parts.map((part) => {
    const encoded = part.replace(SECRET_PREFIX, '');
    if (encoded === part || !BASE64.test(encoded)) return undefined;
    const key = base64Bytes(encoded);
    return key.length >= 16 ? key : undefined;
  });
  if (keys.length === 0 || keys.some((key) => key === undefined)) {
    throw new Error(
      `${functionName} needs ${variable}: the hook's secret as Supabase shows it, v1,whsec_<base64> (several separated by |; docs/deploying-the-backend.md).`,
    );
  }
  return keys as Uint8Array<ArrayBuffer>[];
}

const importKey = (key: Uint8Array<ArrayBuffer>, usage: 'sign' | 'verify') =>
  crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);

const signedContent = (id: string, timestamp: string, body: string) =>
  new TextEncoder().encode(`${id}.${timestamp}.${body}`);

/** The `webhook-signature` value for one key, as Auth sends it; for tests and local callers. */
export async function signWebhook(
  key: Uint8Array<ArrayBuffer>,
  id: string,
  timestamp: number,
  body: string,
): Promise<string> {
  const signature = await crypto.subtle.sign(
    'HMAC',
    await importKey(key, 'sign'),
    signedContent(id, String(timestamp), body),
  );
  return `v1,${bytesBase64(new Uint8Array(signature))}`;
}

export type WebhookVerification =
  { ok: true; id: string } | { ok: false; reason: 'missing-headers' | 'stale' | 'bad-signature' };

/**
 * Whether the request is the hook's, unaltered and recent: its id and timestamp present, the timestamp
 * within TIMESTAMP_TOLERANCE_SECONDS of now, and one of its v1 signatures made with one of the keys over
 * exactly these bytes. crypto.subtle.verify compares in constant time.
 */
export async function verifyWebhook(
  keys: readonly Uint8Array<ArrayBuffer>[],
  headers: Headers,
  body: string,
  nowSeconds: number,
): Promise<WebhookVerification> {
  const id = headers.get('webhook-id') ?? '';
  const timestamp = headers.get('webhook-timestamp') ?? '';
  const signatures = (headers.get('webhook-signature') ?? '')
    .split(/\s+/)
    .map((entry) => entry.replace(/,+$/, ''))
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => entry.slice(3));
  if (!WEBHOOK_ID.test(id) || !/^[0-9]{1,12}$/.test(timestamp) || signatures.length === 0) {
    return { ok: false, reason: 'missing-headers' };
  }
  if (Math.abs(nowSeconds - Number(timestamp)) > TIMESTAMP_TOLERANCE_SECONDS) {
    return { ok: false, reason: 'stale' };
  }
  const content = signedContent(id, timestamp, body);
  for (const key of keys) {
    const cryptoKey = await importKey(key, 'verify');
    for (const signature of signatures) {
      if (!BASE64.test(signature)) continue;
      if (await crypto.subtle.verify('HMAC', cryptoKey, base64Bytes(signature), content)) {
        return { ok: true, id };
      }
    }
  }
  return { ok: false, reason: 'bad-signature' };
}
