// The Standard Webhooks implementation on Node, where tools/local-supabase signs its hook calls with it;
// the same checks run on Deno in tests/deno/standard-webhooks.test.ts.
import { standardWebhooksChecks } from '../test-support/standard-webhooks-vector.ts';

it('Standard Webhooks on Node: the specification’s vector, signed and verified', async () => {
  for (const [name, actual, expected] of await standardWebhooksChecks()) {
    expect([name, actual]).toEqual([name, expected]);
  }
});
