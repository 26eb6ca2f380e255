// Where each prerendered page goes in the shell's folder, so that a static host serves it at its
// address: `/` → index.html, `/about` → about/index.html (hosts and the preview serve
// <path>/index.html for <path>), and the error page → 404.html (what hosts send for unknown paths).
import fs from 'node:fs';
import path from 'node:path';

/** The path the error page is rendered at: any address the route table does not have. */
export const ERROR_PAGE_PATH = '/404';
export const ERROR_PAGE_FILE = '404.html';
/** What the last renders wrote, page by page: which pages show which remote (for --remote). */
export const PAGES_RECORD_FILE = 'prerendered-pages.json';

/** The file of a page, relative to the shell's folder. */
export function pageFile(pagePath: string): string {
  if (pagePath === ERROR_PAGE_PATH) return ERROR_PAGE_FILE;
  if (!/^\/(?:[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*)?$/.test(pagePath)) {
    throw new Error(
      `Cannot prerender ${JSON.stringify(pagePath)}: a route path is "/" or lower-case words separated by "/".`,
    );
  }
  return pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}/index.html`;
}

let temporaries = 0;

/**
 * Writes `file` (a path inside `folder`, a folder a host serves) whole, then renames it into place: a
 * host serving the folder never sends half a file. The temporary is written beside the folder, not in
 * it (the same file system, so the rename is one step): `wrangler dev` lists a served folder and then
 * stats each file, and a temporary listed in between and renamed away before its stat stopped the
 * host (ENOENT, docs/deploying-the-site.md).
 */
export function writeAtomically(folder: string, file: string, content: string | Buffer): void {
  const target = path.resolve(folder, file);
  const root = path.resolve(folder);
  if (!target.startsWith(root + path.sep))
    throw new Error(`${file} is not a path inside ${folder}.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  temporaries += 1;
  const temporary = path.join(
    path.dirname(root),
    `.${path.basename(root)}.writing-${process.pid}-${temporaries}`,
  );
  try {
    fs.writeFileSync(temporary, content);
    fs.renameSync(temporary, target);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/** One page of the record: its file and the remote modules (and their versions) it shows. */
export interface PageRecord {
  file: string;
  parts: Record<string, string>;
  renderedAt: string;
}

export type PagesRecord = Record<string, PageRecord>;

export function readPagesRecord(shellDir: string): PagesRecord {
  try {
    return JSON.parse(
      fs.readFileSync(path.join(shellDir, PAGES_RECORD_FILE), 'utf8'),
    ) as PagesRecord;
  } catch {
    return {};
  }
}

export function writePagesRecord(shellDir: string, record: PagesRecord): void {
  writeAtomically(shellDir, PAGES_RECORD_FILE, `${JSON.stringify(record, null, 2)}\n`);
}
