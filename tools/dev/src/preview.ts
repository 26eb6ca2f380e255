// `npm run preview` (after the npm script has built every app): the production builds served as a
// static host would, on the same ports as `npm start`, with the local backend, so the preview is a
// whole site whose forms work.
//
// The backend is the one `npm start` uses: same port, same data dir (LOCAL_SUPABASE_DATA_DIR or
// --data-dir to choose another). If `npm start`'s backend is already answering, the preview uses it;
// the data dir's lock keeps two servers off the same files.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { APP_NAMES, LOCAL_BACKEND, LOCAL_PORTS, LOCAL_SITE_URL } from '@agentora/contracts/apps';
import {
  DataDirLockedError,
  startLocalSupabase,
  type LocalSupabase,
} from '@agentora/local-supabase';
import { PATHS } from '@agentora/data/paths';
import { startPreviewSite } from '@agentora/preview';
import { assertPortsFree } from './ports.ts';

const workspaceRoot = path.resolve(import.meta.dirname, '../../..');
const { values } = parseArgs({ options: { 'data-dir': { type: 'string' } } });

async function backendAnswering(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${LOCAL_BACKEND.port}/health`)).ok;
  } catch {
    return false;
  }
}

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

try {
  await assertPortsFree(APP_NAMES.map((app) => ({ name: app, port: LOCAL_PORTS[app] })));
} catch (error) {
  fail((error as Error).message);
}

let backend: LocalSupabase | undefined;
let backendNote: string;
if (await backendAnswering()) {
  backendNote = 'already running (npm start?), shared with it';
} else {
  try {
    backend = await startLocalSupabase({
      port: LOCAL_BACKEND.port,
      dataDir: values['data-dir'] ?? process.env.LOCAL_SUPABASE_DATA_DIR,
      siteUrl: LOCAL_SITE_URL,
      // As on hosted Supabase (pg_cron) and under npm start (tools/local-supabase/src/main.ts's
      // defaults): the retention job hourly, the mail queue's and the audience's workers every 5 s, so
      // the preview's lists reach its stand-in for Resend's segments as npm start's do.
      retention: { intervalMs: 60 * 60 * 1000 },
      mailQueue: { intervalMs: 5_000 },
      audienceSync: { intervalMs: 5_000 },
    });
    backendNote = `data dir ${backend.dataDir}`;
  } catch (error) {
    if (error instanceof DataDirLockedError)
      fail(`The local backend could not start: ${error.message}`);
    throw error;
  }
}

const site = await startPreviewSite({
  workspaceRoot,
  ports: LOCAL_PORTS,
  supabase: {
    url: `http://127.0.0.1:${LOCAL_BACKEND.port}`,
    publishableKey: LOCAL_BACKEND.publishableKey,
  },
});
console.info(
  [
    '',
    `  Agentora production preview: http://localhost:${LOCAL_PORTS.shell}   (or http://127.0.0.1:${LOCAL_PORTS.shell})`,
    `  remotes:              ${Object.values(site.runtimeConfig.remotes).join(', ')}`,
    `  backend:              ${site.runtimeConfig.supabase.url} (${backendNote})`,
    `  sent emails (outbox): http://localhost:${LOCAL_BACKEND.port}/outbox`,
    `  team console:         ${LOCAL_SITE_URL}${PATHS.console}   (staff only: npm run staff -- add <email>)`,
    '  Ctrl+C stops it.',
    '',
  ].join('\n'),
);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await site.close();
  await backend?.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
