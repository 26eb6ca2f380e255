// A workspace of a few files in a temporary folder, for the checks to run on: a root package.json
// naming its projects as npm workspaces (projects/*, unless the test gives another), and whatever
// files a test gives, by path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ScratchWorkspace {
  root: string;
  write(file: string, text: string): void;
  remove(): void;
}

export function scratchWorkspace(files: Record<string, string>): ScratchWorkspace {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'workspace-checks-')));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('package.json', JSON.stringify({ workspaces: ['projects/*'] }));
  for (const [file, text] of Object.entries(files)) write(file, text);
  return { root, write, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** A project's package.json with these scripts. */
export const manifest = (name: string, scripts: Record<string, string>) =>
  JSON.stringify({ name, scripts });

/**
 * A tsconfig for a scratch project: no @types (the scratch has no node_modules), lib ES2022, and
 * skipLibCheck as tsconfig.base.json sets it for every project: checking TypeScript's own lib .d.ts
 * files again in each test's programs was most of their cost, and proves nothing of the check.
 */
export const tsconfig = (compilerOptions: Record<string, unknown> = {}) =>
  JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      module: 'esnext',
      moduleResolution: 'bundler',
      target: 'es2022',
      lib: ['es2022'],
      types: [],
      skipLibCheck: true,
      ...compilerOptions,
    },
    include: ['src'],
  });

/** A stream that keeps what is written to it. */
export function collectOutput() {
  let text = '';
  const stream = {
    write: (chunk: string) => {
      text += chunk;
      return true;
    },
  } as unknown as NodeJS.WritableStream;
  return { stream, text: () => text };
}
