// `node tools/delivery/src/write-headers-main.ts --config <runtime-config.json URL or file> --shell-dir <folder> [--remote-dir <folder> ...]`
// Writes the hosts' header rules (write-headers.ts) for a deployed site.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseRuntimeConfig } from '@agentora/data/runtime-config';
import { readRuntimeConfigJson } from '@agentora/prerender/runtime-config-source';
import { HEADERS_FILE, HEADERS_JSON_FILE } from '@agentora/host';
import { assertOverrideOrigins } from './override-origins.ts';
import { writeSecurityHeaders, type WriteHeadersOptions } from './write-headers.ts';

async function readConfig(location: string): Promise<WriteHeadersOptions['runtimeConfig']> {
  const value = await readRuntimeConfigJson(location);
  // Every entry an origin of one owner, by the public suffix list too (override-origins.ts).
  assertOverrideOrigins(value, location);
  // The same checks the shell makes when it reads the file.
  return parseRuntimeConfig(value);
}

const { values } = parseArgs({
  options: {
    config: { type: 'string' },
    'shell-dir': { type: 'string' },
    'remote-dir': { type: 'string', multiple: true },
  },
});
if (!values.config || !values['shell-dir']) {
  console.error(
    'usage: write-headers-main.ts --config <runtime-config.json URL or file> --shell-dir <folder> [--remote-dir <folder> ...]',
  );
  process.exit(2);
}
try {
  const rules = writeSecurityHeaders({
    shellDir: path.resolve(values['shell-dir']),
    runtimeConfig: await readConfig(values.config),
    remoteDirs: values['remote-dir']?.map((dir) => path.resolve(dir)),
  });
  console.info(
    `wrote ${HEADERS_FILE} and ${HEADERS_JSON_FILE}: ${rules[0]?.headers['Content-Security-Policy']}`,
  );
} catch (error) {
  console.error(`write-headers: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
