// Preloaded (`node --import`) into a command by commands.test.ts: records the packages it loads from
// node_modules and, as the process exits, writes their names as JSON to the file
// AGENTORA_LOADED_PACKAGES names. The workspace's own packages resolve to their folders, not to
// node_modules, so only third-party packages are listed.
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const PACKAGE = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//;
const loaded = new Set<string>();

registerHooks({
  load(url, context, nextLoad) {
    const name = PACKAGE.exec(url)?.[1];
    if (name) loaded.add(name);
    return nextLoad(url, context);
  },
});

const file = process.env.AGENTORA_LOADED_PACKAGES;
if (file) process.on('exit', () => writeFileSync(file, JSON.stringify([...loaded].sort())));
