import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The Deno CLI that the `deno` package (pinned in the root package.json) carries for this platform. The
 * package's own launcher is a Node script that starts it; the binary is started directly here to spare
 * a Node process per function. Nothing is downloaded: a missing binary is an install problem.
 */
export function denoBinary(): string {
  const fromEnv = process.env.DENO_BINARY;
  if (fromEnv) return fromEnv;
  const platform = `${process.platform === 'linux' ? 'linux' : process.platform}-${process.arch === 'x64' ? 'x64' : process.arch}`;
  const candidates = [
    path.join(path.dirname(require.resolve('deno/package.json')), 'deno'),
    ...[`@deno/${platform}-glibc`, `@deno/${platform}`].flatMap((name) => {
      try {
        return [path.join(path.dirname(require.resolve(`${name}/package.json`)), 'deno')];
      } catch {
        return [];
      }
    }),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(
      'The Deno CLI was not found: run `npm install` (it brings the `deno` package and its binary for this platform), or set DENO_BINARY.',
    );
  }
  return found;
}
