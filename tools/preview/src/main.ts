// `npm run preview`: serves the production builds (built just before by the npm script) on
// 4200-4203, as a static host would, talking to the backend named in config/runtime/local.json.
import fs from 'node:fs';
import path from 'node:path';
import { startPreviewSite } from './site.ts';

const workspaceRoot = path.resolve(import.meta.dirname, '../../..');
const base = Number(process.env.PREVIEW_PORT_BASE ?? 4200);
const local = JSON.parse(fs.readFileSync(path.join(workspaceRoot, 'config/runtime/local.json'), 'utf8'));

const site = await startPreviewSite({
  workspaceRoot,
  ports: { shell: base, content: base + 1, signups: base + 2, careers: base + 3 },
  supabase: local.supabase,
  host: '127.0.0.1',
});
console.info(`\nAgentora production preview: ${site.url}\n  remotes: ${Object.values(site.runtimeConfig.remotes).join(', ')}\n  backend: ${site.runtimeConfig.supabase.url} (start it with npm start, or point config/runtime/local.json elsewhere)\n`);

const shutdown = async () => {
  await site.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
