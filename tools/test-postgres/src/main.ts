// `npm run start -w @agentora/test-postgres` (or `node tools/test-postgres/src/main.ts`): starts a
// throwaway PostgreSQL server and prints POSTGRES_URL=… and POSTGRES_MAJOR=… on stdout (progress and
// errors go to stderr). Ctrl-C or SIGTERM stops it and removes its files.
import { startTestPostgres, type TestPostgres } from './start.ts';

let server: TestPostgres;
try {
  server = await startTestPostgres();
} catch (error) {
  process.stderr.write(`test-postgres: ${(error as Error).message}\n`);
  process.exit(1);
}

process.stdout.write(`POSTGRES_URL=${server.url}\nPOSTGRES_MAJOR=${server.major}\n`);
process.stderr.write(
  `test-postgres: PostgreSQL ${server.major} is running (data in ${server.dataDir}); Ctrl-C stops it.\n`,
);

// The server does not hold the event loop by itself (it is built for tests): this does, until the end.
const keepAlive = setInterval(() => {}, 1 << 30);
let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await server.stop();
  clearInterval(keepAlive);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
server.exited.then(() => {
  clearInterval(keepAlive);
  if (!stopping) {
    process.stderr.write('test-postgres: the server stopped by itself.\n');
    process.exitCode = 1;
  }
});
