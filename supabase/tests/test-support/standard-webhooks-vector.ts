// The Standard Webhooks specification's test vector, and what the one implementation
// (functions/_shared/webhooks/standard-webhooks.ts) must make of it: run on Deno by
// tests/deno/standard-webhooks.test.ts and on Node by tests/unit/standard-webhooks.test.ts, because the
// functions verify with it on Deno and the local server signs its hook calls with it on Node.
import {
  secretKeys,
  signWebhook,
  verifyWebhook,
  webhookHeaders,
  TIMESTAMP_TOLERANCE_SECONDS,
} from '../../functions/_shared/webhooks/standard-webhooks.ts';

export const SPEC_VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
} as const;

/** Each check's name, what the module answered, and what it must answer. */
export type VectorCheck = [name: string, actual: unknown, expected: unknown];

export async function standardWebhooksChecks(): Promise<VectorCheck[]> {
  const { secret, id, timestamp, body, signature } = SPEC_VECTOR;
  const keys = secretKeys(secret)!;
  const otherKeys = secretKeys(`v1,whsec_${btoa('another key of thirty-two bytes!')}`)!;
  const verify = (
    headers: Record<string, string>,
    at: number,
    signedBody: string = body,
    withKeys = keys,
  ) => verifyWebhook(withKeys, new Headers(headers), signedBody, at);
  const signed = (list: string) => ({
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': list,
  });
  const bogus = `v1,${btoa('not the signature of the body!!')}`;
  const ok = { ok: true, id };
  const late = TIMESTAMP_TOLERANCE_SECONDS + 1;
  return [
    ['the signature of the vector', await signWebhook(keys[0], id, timestamp, body), signature],
    [
      'the headers of a signed call',
      await webhookHeaders(secret, body, timestamp, id),
      signed(signature),
    ],
    ['verified at its time', await verify(signed(signature), timestamp), ok],
    [
      'verified five minutes either side',
      [
        await verify(signed(signature), timestamp + TIMESTAMP_TOLERANCE_SECONDS),
        await verify(signed(signature), timestamp - TIMESTAMP_TOLERANCE_SECONDS),
      ],
      [ok, ok],
    ],
    [
      'refused a second past that, either side',
      [
        await verify(signed(signature), timestamp + late),
        await verify(signed(signature), timestamp - late),
      ],
      [
        { ok: false, reason: 'stale' },
        { ok: false, reason: 'stale' },
      ],
    ],
    [
      'one right v1 entry of a list is enough, separated by spaces or ", "',
      [
        await verify(signed(`${bogus} ${signature}`), timestamp),
        await verify(signed(`${bogus}, ${signature}`), timestamp),
      ],
      [ok, ok],
    ],
    [
      'entries of another version are not read',
      await verify(signed(signature.replace(/^v1,/, 'v2,')), timestamp),
      { ok: false, reason: 'missing-headers' },
    ],
    [
      'another body, another key, no right entry',
      [
        await verify(signed(signature), timestamp, '{"test": 2432232315}'),
        await verify(signed(signature), timestamp, body, otherKeys),
        await verify(signed(bogus), timestamp),
      ],
      [
        { ok: false, reason: 'bad-signature' },
        { ok: false, reason: 'bad-signature' },
        { ok: false, reason: 'bad-signature' },
      ],
    ],
    [
      'no id or no timestamp',
      [
        await verify({ ...signed(signature), 'webhook-id': '' }, timestamp),
        await verify({ ...signed(signature), 'webhook-timestamp': 'yesterday' }, timestamp),
      ],
      [
        { ok: false, reason: 'missing-headers' },
        { ok: false, reason: 'missing-headers' },
      ],
    ],
    [
      'a rotated secret signs with both keys, and either verifies',
      await (async () => {
        const rotated = await webhookHeaders(
          `v1,whsec_${btoa('another key of thirty-two bytes!')}|${secret}`,
          body,
          timestamp,
          id,
        );
        return [
          rotated['webhook-signature'].split(' ').length,
          await verify(rotated, timestamp),
          await verify(rotated, timestamp, body, otherKeys),
        ];
      })(),
      [2, ok, ok],
    ],
    [
      "Svix's header names (Resend's webhooks): the same signature under svix-*, read only when asked for",
      await (async () => {
        const svix = {
          'svix-id': id,
          'svix-timestamp': String(timestamp),
          'svix-signature': signature,
        };
        return [
          await webhookHeaders(secret, body, timestamp, id, 'svix'),
          await verifyWebhook(keys, new Headers(svix), body, timestamp, 'svix'),
          await verifyWebhook(keys, new Headers(svix), body, timestamp + late, 'svix'),
          await verifyWebhook(keys, new Headers(svix), '{"test": 2432232315}', timestamp, 'svix'),
          // Each set of names reads only its own headers.
          await verifyWebhook(keys, new Headers(svix), body, timestamp),
          await verifyWebhook(keys, new Headers(signed(signature)), body, timestamp, 'svix'),
        ];
      })(),
      [
        {
          'svix-id': id,
          'svix-timestamp': String(timestamp),
          'svix-signature': signature,
        },
        ok,
        { ok: false, reason: 'stale' },
        { ok: false, reason: 'bad-signature' },
        { ok: false, reason: 'missing-headers' },
        { ok: false, reason: 'missing-headers' },
      ],
    ],
    [
      'secrets that are not one: no prefix, not base64, a key under 16 bytes, nothing',
      ['MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'whsec_not base64!', 'whsec_c2hvcnQ=', ''].map((value) =>
        secretKeys(value),
      ),
      [undefined, undefined, undefined, undefined],
    ],
  ];
}
