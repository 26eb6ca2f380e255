// `npm run start -w @agentora/fake-resend -- [--port N] [--rate 2] [--error-rate 0.05] [--latency 50]`:
// the fake provider on loopback, for trying the functions against a throttled, failing Resend by hand
// (RESEND_API_URL=<the printed URL> with any `re_` key). Ctrl+C stops it and prints what it counted.
import { parseArgs } from 'node:util';
import { startFakeResend } from './fake-resend.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    rate: { type: 'string', default: '2' },
    'error-rate': { type: 'string', default: '0' },
    latency: { type: 'string', default: '0' },
  },
});

const fake = await startFakeResend({
  port: Number(values.port),
  ratePerSecond: Number(values.rate),
  errorRate: Number(values['error-rate']),
  latencyMs: Number(values.latency),
});
process.stdout.write(`RESEND_API_URL=${fake.url}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    process.stdout.write(`${JSON.stringify(fake.stats())}\n`);
    void fake.stop().then(() => process.exit(0));
  });
}
