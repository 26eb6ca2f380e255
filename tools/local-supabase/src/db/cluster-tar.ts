/** One entry of a cluster copy: a file with its bytes, or a folder (no bytes). */
export interface ClusterEntry {
  /** The path inside the cluster's folder, starting with '/'. */
  path: string;
  data?: Uint8Array;
}

const BLOCK = 512;
const decoder = new TextDecoder();

/**
 * The entries of a copy that PGlite's dumpDataDir wrote (a plain ustar archive of files and folders,
 * pglite-template.ts), in their order (a folder before what it holds). Each file's bytes are a view
 * into `tar`, not a copy. Throws on anything else, so that a damaged copy is made again.
 */
export function clusterEntries(tar: Uint8Array): ClusterEntry[] {
  const entries: ClusterEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length && tar[offset] !== 0) {
    if (decoder.decode(tar.subarray(offset + 257, offset + 262)) !== 'ustar')
      throw new Error(`not a ustar header at byte ${offset}`);
    const prefix = text(tar, offset + 345, 131);
    const name = text(tar, offset + 0, 100);
    const path = prefix ? `${prefix}/${name}` : name;
    const size = Number.parseInt(text(tar, offset + 124, 12).trim() || '0', 8);
    const type = tar[offset + 156];
    const start = offset + BLOCK;
    if (type === 0x30 || type === 0) {
      if (!Number.isSafeInteger(size) || start + size > tar.length)
        throw new Error(`${path}: its ${size} bytes run past the end of the copy`);
      entries.push({ path: absolute(path), data: tar.subarray(start, start + size) });
      offset = start + Math.ceil(size / BLOCK) * BLOCK;
    } else if (type === 0x35) {
      entries.push({ path: absolute(path) });
      offset = start;
    } else {
      throw new Error(`${path}: an entry of type ${String.fromCharCode(type)}`);
    }
  }
  if (offset + BLOCK > tar.length) throw new Error('the copy ends before its end marker');
  return entries;
}

function text(tar: Uint8Array, start: number, length: number): string {
  const field = tar.subarray(start, start + length);
  const end = field.indexOf(0);
  return decoder.decode(end === -1 ? field : field.subarray(0, end));
}

function absolute(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}
