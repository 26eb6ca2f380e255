// A host folder's list of its own files (`deployed-files.json`, every file with its SHA-256), served
// with them. The host has no folder a deploy could write into: each deploy uploads a whole new
// version of the app's files. What a deploy must keep from the live version (the shell's pages and
// runtime-config.json, the previous build's chunks for pages already open, a remote's releases) it
// reads back from the live site through this list, checking every file against it
// (docs/deploying-the-site.md, "What a deploy keeps").
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { HEADERS_FILE, HEADERS_JSON_FILE } from '@agentora/host';
import { writeAtomically } from '@agentora/prerender/page-files';

export const DEPLOYED_FILES = 'deployed-files.json';

/** The host's own files, written anew by every deploy from what is deployed: never listed, never pulled. */
const HOST_FILES = new Set([HEADERS_FILE, HEADERS_JSON_FILE, '.assetsignore', DEPLOYED_FILES]);

export interface DeployedFiles {
  /** Every file of the folder (relative, `/`-separated) and the SHA-256 (hex) of its bytes. */
  files: Record<string, string>;
}

function listFiles(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full)];
  });
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** Lists the folder's files into its `deployed-files.json`: the last step of every change to a host folder. */
export function writeDeployedFiles(dir: string): DeployedFiles {
  const files = Object.fromEntries(
    listFiles(dir)
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => !HOST_FILES.has(file))
      .sort()
      .map((file) => [file, sha256(fs.readFileSync(path.join(dir, file)))]),
  );
  const record: DeployedFiles = { files };
  writeAtomically(path.join(dir, DEPLOYED_FILES), `${JSON.stringify(record, null, 2)}\n`);
  return record;
}

/**
 * The address the host serves a file at (tools/host/src/worker-config.ts, HTML_HANDLING): a page
 * without `.html` or `/index.html`, everything else as it is.
 */
export function servedPath(file: string): string {
  const address = file.endsWith('index.html')
    ? file.slice(0, -'index.html'.length).replace(/\/$/, '')
    : file.endsWith('.html')
      ? file.slice(0, -'.html'.length)
      : file;
  return `/${address.split('/').map(encodeURIComponent).join('/')}`.replace(/^\/\/$/, '/');
}

export class NotDeployedError extends Error {
  override name = 'NotDeployedError';
}

export interface PullOptions {
  /** The live host's origin (or root URL). */
  from: string;
  /** An empty folder to fill. */
  into: string;
  /** Files not to fetch (a deploy replaces them anyway). */
  skip?: (file: string) => boolean;
  fetchImpl?: typeof fetch;
}

/**
 * Copies the live host's files into a folder, each checked against the live list: a file that
 * differs (a host serving a mix of two versions) fails the pull, and nothing is deployed from it.
 */
export async function pullHostFolder(options: PullOptions): Promise<DeployedFiles> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const root = options.from.endsWith('/') ? options.from : `${options.from}/`;
  const get = async (address: string) => {
    const url = new URL(address.replace(/^\//, ''), root);
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(30_000) });
    return { url, response };
  };
  const { url: listUrl, response: listed } = await get(DEPLOYED_FILES);
  if (listed.status === 404)
    throw new NotDeployedError(`${listUrl} is not there: nothing is deployed at ${root} yet.`);
  if (!listed.ok) throw new Error(`${listUrl} answered ${listed.status}.`);
  const record = (await listed.json()) as DeployedFiles;
  if (!record || typeof record.files !== 'object')
    throw new Error(`${listUrl} is not a list of deployed files.`);
  const wanted = Object.entries(record.files).filter(
    ([file]) =>
      !options.skip?.(file) &&
      // The list names files inside the folder only.
      !file.split('/').some((part) => part === '..' || part === '' || part === '.'),
  );
  // A few at a time: a folder is a few hundred files.
  for (let start = 0; start < wanted.length; start += 8) {
    await Promise.all(
      wanted.slice(start, start + 8).map(async ([file, hash]) => {
        const { url, response } = await get(servedPath(file));
        if (!response.ok) throw new Error(`${url} answered ${response.status}.`);
        const bytes = Buffer.from(await response.arrayBuffer());
        if (sha256(bytes) !== hash)
          throw new Error(
            `${url} is not the file ${DEPLOYED_FILES} lists (another version is being served): try again once the last deploy has settled.`,
          );
        const target = path.join(options.into, ...file.split('/'));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, bytes);
      }),
    );
  }
  return record;
}
