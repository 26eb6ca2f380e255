// The Standard Webhooks implementation on Deno, where the functions verify with it; the same checks run
// on Node in tests/unit/standard-webhooks.test.ts.
import { standardWebhooksChecks } from '../test-support/standard-webhooks-vector.ts';
import { assertEquals } from './assert.ts';

Deno.test(
  'Standard Webhooks on Deno: the specification’s vector, signed and verified',
  async () => {
    for (const [name, actual, expected] of await standardWebhooksChecks()) {
      assertEquals(actual, expected, name);
    }
  },
);
