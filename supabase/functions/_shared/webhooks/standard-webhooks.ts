// Standard Webhooks (https://www.standardwebhooks.com/), the signature scheme of Supabase Auth's HTTP hooks
// and of Resend's delivery webhooks: the headers webhook-id, webhook-timestamp (Unix seconds) and
// webhook-signature, a space-separated list of `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`
// (Auth joins several with ", "). The key is the base64 after `whsec_` in the secret, which Supabase's
// dashboard shows as `v1,whsec_<base64>` and Resend as `whsec_<base64>`. Resend sends through Svix, the
// scheme's origin, whose headers keep its own prefix: svix-id, svix-timestamp, svix-signature, the same
// values signed the same way (HEADER_NAMES.svix).
//
// The one implementation of it: the functions verify with it on Deno, and tools/local-supabase signs its
// hook calls with it on Node (@agentora/backend/webhooks/standard-webhooks). Web Crypto alone, which both
// runtimes have, so nothing is downloaded and the two sides cannot drift apart.

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
 * The signing keys of a secret, `v1,whsec_<base64>` or several of them separated by `|` (how Auth takes
 * them while one is rotated); undefined when a part is not such a secret or its key is under 16 bytes.
 */
export function secretKeys(secret: string | undefined): Uint8Array<ArrayBuffer>[] | undefined {
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
  if (keys.length === 0 || keys.some((key) => key === undefined)) return undefined;
  return keys as Uint8Array<ArrayBuffer>[];
}

/** A function's keys from its environment's secret; throws, saying what is missing, when it is not one. */
export function webhookKeys(
  secret: string | undefined,
  functionName: string,
  variable: string,
): Uint8Array<ArrayBuffer>[] {
  const keys = secretKeys(secret);
  if (!keys) {
    throw new Error(
      `${functionName} needs ${variable}: the webhook's signing secret as the sender shows it, whsec_<base64> (Supabase: v1,whsec_<base64>; several separated by |; docs/deploying-the-backend.md).`,
    );
  }
  return keys;
}

/** The three headers' names: Standard Webhooks' own, or Svix's (Resend's webhooks). */
export const HEADER_NAMES = {
  webhook: { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' },
  svix: { id: 'svix-id', timestamp: 'svix-timestamp', signature: 'svix-signature' },
} as const;

export type HeaderNames = keyof typeof HEADER_NAMES;

const importKey = (key: Uint8Array<ArrayBuffer>, usage: 'sign' | 'verify') =>
  crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);

const signedContent = (id: string, timestamp: string, body: string) =>
  new TextEncoder().encode(`${id}.${timestamp}.${body}`);

/** One key's entry of the `webhook-signature` list: `v1,<base64>`. */
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

/**
 * The headers of a signed call, as Auth sends them to its hook: a fresh id, the time, and a signature by
 * every key of the secret (while a key is rotated, the receiver may hold either).
 */
export async function webhookHeaders(
  secret: string,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  id: string = crypto.randomUUID(),
  names: HeaderNames = 'webhook',
): Promise<Record<string, string>> {
  const keys = secretKeys(secret);
  if (!keys)
    throw new Error('The webhook secret is not v1,whsec_<base64> (several separated by |).');
  const signatures = await Promise.all(keys.map((key) => signWebhook(key, id, nowSeconds, body)));
  const header = HEADER_NAMES[names];
  return {
    [header.id]: id,
    [header.timestamp]: String(nowSeconds),
    [header.signature]: signatures.join(' '),
  };
}

export type WebhookVerification =
  { ok: true; id: string } | { ok: false; reason: 'missing-headers' | 'stale' | 'bad-signature' };

/**
 * Whether the request is the sender's, unaltered and recent: its id and timestamp present, the timestamp
 * within TIMESTAMP_TOLERANCE_SECONDS of now, and one of its v1 signatures (other versions are skipped)
 * made with one of the keys over exactly these bytes. crypto.subtle.verify compares in constant time.
 * `names` says which headers carry them ('svix' for Resend); the other set is never read.
 */
export async function verifyWebhook(
  keys: readonly Uint8Array<ArrayBuffer>[],
  headers: Headers,
  body: string,
  nowSeconds: number,
  names: HeaderNames = 'webhook',
): Promise<WebhookVerification> {
  const header = HEADER_NAMES[names];
  const id = headers.get(header.id) ?? '';
  const timestamp = headers.get(header.timestamp) ?? '';
  const signatures = (headers.get(header.signature) ?? '')
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
