// Builds a variant of a remote into <scratch>/dist (the second argument; scratch-build.ts names it), as another team's release would be
// (its browser and server builds): the remote's sources copied, optionally one exposed module wrapped
// with a marker, optionally edits to its sources, optionally other shared-version requirements. Run by Node 22 directly (see scratch-build.ts), like rspack's CLI runs
// the apps' configs.
import fs from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { createBuildConfigs, type SharedSpec } from '@agentora/mf-config';
import { appFolder, type RemoteName } from '@agentora/contracts/apps';

export interface VariantRequest {
  remote: RemoteName;
  variant: string;
  /** Wrap this exposed module (e.g. 'CareersPage') so the page shows `marker` above it. */
  wrapExposed?: { module: string; marker: string };
  /** Text replacements in the copied sources (paths relative to the remote's folder). */
  edits?: Array<{ file: string; search: string; replace: string }>;
  sharedOverrides?: Record<string, Partial<SharedSpec>>;
}

const root = path.resolve(import.meta.dirname, '../..');
const request = JSON.parse(process.argv[2]!) as VariantRequest;
const appDir = path.join(root, appFolder(request.remote));
const scratch = path.resolve(process.argv[3]!);

fs.rmSync(scratch, { recursive: true, force: true });
fs.mkdirSync(scratch, { recursive: true });
fs.cpSync(path.join(appDir, 'src'), path.join(scratch, 'src'), { recursive: true });

if (request.wrapExposed) {
  const { module, marker } = request.wrapExposed;
  const exposedDir = path.join(scratch, 'src', 'exposed');
  fs.renameSync(
    path.join(exposedDir, `${module}.tsx`),
    path.join(exposedDir, `${module}.release.tsx`),
  );
  fs.writeFileSync(
    path.join(exposedDir, `${module}.tsx`),
    `import Release from './${module}.release';\n` +
      `export default function ${module}(props: Record<string, never>) {\n` +
      `  return (<><p data-testid="release-marker">${marker}</p><Release {...props} /></>);\n}\n`,
  );
}

for (const { file, search, replace } of request.edits ?? []) {
  const source = path.join(scratch, file);
  const text = fs.readFileSync(source, 'utf8');
  if (!text.includes(search))
    throw new Error(`${file} has no ${JSON.stringify(search)} to replace: update the test's edit.`);
  fs.writeFileSync(source, text.replace(search, replace));
}

const config = createBuildConfigs(
  {
    name: request.remote,
    appDir: scratch,
    port: 0,
    outputDir: path.join(scratch, 'dist'),
    sharedOverrides: request.sharedOverrides,
  },
  { mode: 'production' },
);
await new Promise<void>((resolve, reject) => {
  rspack(config).run((error, stats) => {
    if (error) return reject(error);
    if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
    resolve();
  });
});
