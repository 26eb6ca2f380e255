// Deploys one app's production build into a static host's folder (a CDN origin, a mounted bucket,
// an nginx root): `node tools/delivery/src/deploy.ts <app> --to <folder>`.
//
// Order matters for visitors with the site open: content-hashed assets go first and old ones are
// kept, so a page that loaded the previous manifest can still fetch its chunks; the files that name
// "the current version" (mf-manifest.json, remoteEntry.js, index.html…) are written last, each
// atomically (write then rename), so no visitor sees a manifest that points at missing chunks.
import fs from 'node:fs';
import path from 'node:path';
import { APP_NAMES, appFolder, type AppName } from '@agentora/contracts/apps';
import { PAGES_RECORD_FILE } from '@agentora/prerender/page-files';

const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

export interface DeployResult {
  target: string;
  assets: string[];
  entries: string[];
}

function listFiles(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full)];
  });
}

function copyAtomically(from: string, to: string) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const temporary = `${to}.deploying-${process.pid}`;
  fs.copyFileSync(from, temporary);
  fs.renameSync(temporary, to);
}

export function deployApp(distDir: string, target: string): DeployResult {
  if (!fs.existsSync(path.join(distDir, 'index.html')))
    throw new Error(`${distDir} is not a build (no index.html): run the app's build first.`);
  // Where pages were prerendered, index.html is the home page, and the prerender that follows this
  // deploy replaces it: the build's client-rendered one must not stand in for it until then.
  const prerendered = fs.existsSync(path.join(target, PAGES_RECORD_FILE));
  const files = listFiles(distDir).filter((file) => !(prerendered && file === 'index.html'));
  const assets = files.filter((file) => HASHED.test(path.basename(file)));
  const entries = files.filter((file) => !HASHED.test(path.basename(file)));
  for (const file of assets) {
    const to = path.join(target, file);
    if (!fs.existsSync(to)) copyAtomically(path.join(distDir, file), to);
  }
  // The manifest names the entry; write it last of all.
  entries.sort(
    (a, b) => Number(a.endsWith('mf-manifest.json')) - Number(b.endsWith('mf-manifest.json')),
  );
  for (const file of entries) copyAtomically(path.join(distDir, file), path.join(target, file));
  return { target, assets, entries };
}

const isMain =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? '');
if (isMain) {
  const [app, flag, to] = process.argv.slice(2);
  if (!app || !(APP_NAMES as readonly string[]).includes(app) || flag !== '--to' || !to) {
    console.error(`usage: deploy.ts <${APP_NAMES.join('|')}> --to <static host folder>`);
    process.exit(2);
  }
  const root = path.resolve(import.meta.dirname, '../../..');
  const result = deployApp(path.join(root, appFolder(app as AppName), 'dist'), path.resolve(to));
  console.info(
    `deployed ${app}: ${result.assets.length} assets, then ${result.entries.join(', ')} → ${result.target}`,
  );
}
