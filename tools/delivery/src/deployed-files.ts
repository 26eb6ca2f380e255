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
  writeAtomically(dir, DEPLOYED_FILES, `${JSON.stringify(record, null, 2)}\n`);
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

/**
 * What a read-back accepts, the host's own limits (Workers static assets: 20,000 files a version on
 * the free plan, 25 MiB a file) and a deadline: a live site serving more, or too slowly, is not a
 * folder this project deployed.
 */
export const READ_BACK_LIMITS = {
  files: 20_000,
  fileBytes: 25 * 1024 * 1024,
  deadlineMs: 10 * 60 * 1000,
} as const;

/**
 * A file name of a list: `/`-separated words of letters, digits and `._-` (a build's and the
 * prerender's names are all of that kind); nothing that could leave the folder (`..`, an absolute
 * path, a backslash, a drive letter) or mean something else to a file system.
 */
const LISTED_NAME = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

export interface PullOptions {
  /** The live host's origin (or root URL). */
  from: string;
  /** An empty folder to fill. */
  into: string;
  /** Files not to fetch (a deploy replaces them anyway). */
  skip?: (file: string) => boolean;
  fetchImpl?: typeof fetch;
}

/** The body of a response, refused past `limit` bytes without reading on. */
async function boundedBody(response: Response, limit: number, url: URL): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > limit)
    throw new Error(`${url} is ${declared} bytes: more than the host's ${limit}.`);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
    size += part.value.length;
    if (size > limit) {
      await reader?.cancel();
      throw new Error(`${url} is more than the host's ${limit} bytes.`);
    }
    chunks.push(Buffer.from(part.value));
  }
  return Buffer.concat(chunks);
}

/**
 * Copies the live host's files into a folder, each checked against the live list: a file that
 * differs (a host serving a mix of two versions) fails the pull, and nothing is deployed from it.
 * Only the host asked is read: a redirect anywhere fails it too.
 */
export async function pullHostFolder(options: PullOptions): Promise<DeployedFiles> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const root = new URL(options.from.endsWith('/') ? options.from : `${options.from}/`);
  const deadline = AbortSignal.timeout(READ_BACK_LIMITS.deadlineMs);
  const get = async (address: string) => {
    const url = new URL(address.replace(/^\//, ''), root);
    const response = await fetchImpl(url, {
      redirect: 'manual',
      signal: AbortSignal.any([deadline, AbortSignal.timeout(30_000)]),
    });
    if (response.status >= 300 && response.status < 400)
      throw new Error(
        `${url} answered ${response.status} (to ${response.headers.get('location')}): a deploy reads only the host it was pointed at.`,
      );
    return { url, response };
  };
  const { url: listUrl, response: listed } = await get(DEPLOYED_FILES);
  if (listed.status === 404)
    throw new NotDeployedError(`${listUrl} is not there: nothing is deployed at ${root} yet.`);
  if (!listed.ok) throw new Error(`${listUrl} answered ${listed.status}.`);
  const record = JSON.parse(
    (await boundedBody(listed, READ_BACK_LIMITS.fileBytes, listUrl)).toString('utf8'),
  ) as DeployedFiles;
  if (!record || typeof record.files !== 'object' || record.files === null)
    throw new Error(`${listUrl} is not a list of deployed files.`);
  const entries = Object.entries(record.files);
  if (entries.length > READ_BACK_LIMITS.files)
    throw new Error(
      `${listUrl} lists ${entries.length} files: more than the host's ${READ_BACK_LIMITS.files}.`,
    );
  for (const [file, hash] of entries)
    if (!LISTED_NAME.test(file) || !/^[0-9a-f]{64}$/.test(String(hash)))
      throw new Error(`${listUrl} lists ${JSON.stringify(file)}, which is not a file of a folder.`);
  const into = path.resolve(options.into);
  const wanted = entries.filter(([file]) => !options.skip?.(file));
  // A few at a time: a folder is a few hundred files.
  for (let start = 0; start < wanted.length; start += 8) {
    await Promise.all(
      wanted.slice(start, start + 8).map(async ([file, hash]) => {
        const { url, response } = await get(servedPath(file));
        if (!response.ok) throw new Error(`${url} answered ${response.status}.`);
        const bytes = await boundedBody(response, READ_BACK_LIMITS.fileBytes, url);
        if (sha256(bytes) !== hash)
          throw new Error(
            `${url} is not the file ${DEPLOYED_FILES} lists (another version is being served): try again once the last deploy has settled.`,
          );
        const target = path.resolve(into, ...file.split('/'));
        if (!target.startsWith(into + path.sep))
          throw new Error(`${file} is not inside the folder.`);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, bytes);
      }),
    );
  }
  return record;
}

/** The live list of a host's files, as it is now (a deploy checks it has not changed under it). */
export async function liveDeployedFiles(
  from: string,
  fetchImpl: typeof fetch = fetch,
): Promise<DeployedFiles | undefined> {
  const url = new URL(DEPLOYED_FILES, from.endsWith('/') ? from : `${from}/`);
  const response = await fetchImpl(url, {
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`${url} answered ${response.status}.`);
  return (await response.json()) as DeployedFiles;
}

/** Whether two lists name the same files with the same contents. */
export function sameFiles(a: DeployedFiles | undefined, b: DeployedFiles | undefined): boolean {
  return JSON.stringify(a?.files ?? null) === JSON.stringify(b?.files ?? null);
}
