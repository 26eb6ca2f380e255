// The release commands (releases.ts):
//   node tools/delivery/src/release-main.ts deploy <remote> --host <remote's host folder>
//   node tools/delivery/src/release-main.ts canary <remote> <percent> --shell-dir <folder> --host <folder> [--release <id>]
//   node tools/delivery/src/release-main.ts promote <remote> --shell-dir <folder>
//   node tools/delivery/src/release-main.ts rollback <remote> --shell-dir <folder>
//   node tools/delivery/src/release-main.ts status <remote> --shell-dir <folder>   (SUPABASE_URL and
//     SUPABASE_SERVICE_KEY: the backend whose counters the shell reports to; a key that may read them)
// Only `deploy` copies files (the remote's build, apps/<remote>/dist, as a release not yet live);
// the others change the live runtime-config.json, effective on visitors' next page load.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { appFolder, type RemoteName } from '@agentora/contracts/apps';
import { canary, deployRelease, promote, rollback, status, statusLines } from './releases.ts';

const USAGE =
  'usage: release-main.ts deploy|canary|promote|rollback <remote> [<percent>] --shell-dir <folder> --host <folder> [--release <id>]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'shell-dir': { type: 'string' },
    host: { type: 'string' },
    release: { type: 'string' },
  },
});
const [command, remote, percent] = positionals;
const need = (value: string | undefined, name: string): string => {
  if (!value) {
    console.error(`${USAGE}\n(${name} is missing)`);
    process.exit(2);
  }
  return path.resolve(value);
};
try {
  if (!remote) throw new Error(USAGE);
  const root = path.resolve(import.meta.dirname, '../../..');
  switch (command) {
    case 'deploy': {
      const id = deployRelease(
        path.join(root, appFolder(remote as RemoteName), 'dist'),
        need(values.host, '--host'),
      );
      console.info(
        `${remote} release ${id} deployed, not live: canary ${remote} <percent> sends visitors to it.`,
      );
      break;
    }
    case 'canary': {
      const config = canary({
        shellDir: need(values['shell-dir'], '--shell-dir'),
        hostDir: need(values.host, '--host'),
        remote,
        percent: Number(percent),
        release: values.release,
      });
      console.info(
        `${remote}: ${percent} % of visitors get ${config.canaries?.[remote as RemoteName]?.manifest}`,
      );
      break;
    }
    case 'promote': {
      const config = promote(need(values['shell-dir'], '--shell-dir'), remote);
      console.info(`${remote}: every visitor gets ${config.remotes[remote as RemoteName]}`);
      break;
    }
    case 'rollback': {
      const config = rollback(need(values['shell-dir'], '--shell-dir'), remote);
      console.info(`${remote}: every visitor gets ${config.remotes[remote as RemoteName]}`);
      break;
    }
    case 'status': {
      const apiUrl = process.env.SUPABASE_URL;
      const serviceKey = process.env.SUPABASE_SERVICE_KEY;
      if (!apiUrl || !serviceKey)
        throw new Error('status reads the backend: set SUPABASE_URL and SUPABASE_SERVICE_KEY.');
      const result = await status({
        shellDir: need(values['shell-dir'], '--shell-dir'),
        remote,
        apiUrl,
        serviceKey,
      });
      for (const line of statusLines(result)) console.info(line);
      break;
    }
    default:
      throw new Error(USAGE);
  }
} catch (error) {
  console.error(`release: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
