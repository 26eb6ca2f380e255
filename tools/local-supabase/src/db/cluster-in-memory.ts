import { MemoryFS } from '@electric-sql/pglite';
import type { ClusterEntry } from './cluster-tar.ts';

// Where PGlite keeps its cluster inside its own file system (PGDATA of @electric-sql/pglite's initdb).
const PGDATA = '/pglite/data';

/** The parts of Emscripten's file system and of its in-memory nodes (MEMFS) used here. */
interface Folder {
  node_ops: { mknod(parent: Folder, name: string, mode: number, dev: number): MemoryFile };
}
interface MemoryFile {
  contents: Uint8Array | null;
  usedBytes: number;
}
interface EmscriptenFs {
  mkdirTree(path: string): void;
  mkdir(path: string): Folder;
  lookupPath(path: string): { node: Folder };
}

// A regular file, readable and writable by all: what Emscripten's FS.writeFile makes.
const FILE_MODE = 0o100777;

/**
 * PGlite's in-memory file system, holding a copy of a cluster before PGlite looks for one. PGlite's
 * own loadDataDir does the same work far more slowly (about a third of a start's CPU): it copies the
 * whole archive out of the Blob, untars it into copies of every file's bytes, and for each of some
 * 1,300 files walks and normalises the path of every parent folder several times over. Here each
 * folder is made once, in the archive's order (a folder before what it holds), and each file is made
 * in its folder's node and takes its bytes as they are, as MEMFS's own write does for a caller that
 * lets it own them: the archive is this start's own, read for it alone (pglite-template.ts), so
 * PostgreSQL may write into it in place.
 *
 * It relies on Emscripten's MEMFS nodes (`contents`, `usedBytes`, a folder's `mknod`), which PGlite
 * does not promise: a PGlite update that changes them fails every PGlite test at its first start.
 */
export class ClusterInMemory extends MemoryFS {
  readonly #entries: ClusterEntry[];

  constructor(entries: ClusterEntry[]) {
    super();
    this.#entries = entries;
  }

  override async initialSyncFs(): Promise<void> {
    const fs = this.pg!.Module.FS as EmscriptenFs;
    fs.mkdirTree(PGDATA);
    const folders = new Map<string, Folder>([['', fs.lookupPath(PGDATA).node]]);
    for (const entry of this.#entries) {
      if (!entry.data) {
        folders.set(entry.path, fs.mkdir(`${PGDATA}${entry.path}`));
        continue;
      }
      const cut = entry.path.lastIndexOf('/');
      const folder = folders.get(entry.path.slice(0, cut));
      if (!folder) throw new Error(`${entry.path}: its folder comes after it in the copy`);
      const file = folder.node_ops.mknod(folder, entry.path.slice(cut + 1), FILE_MODE, 0);
      file.contents = entry.data;
      file.usedBytes = entry.data.length;
    }
  }
}
