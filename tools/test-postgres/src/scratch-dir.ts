// Where a throwaway cluster's temp dir goes. A test database is a copy of a template, about 560 files;
// on a disk's file system (ext4) creating them cost the server 0.3-0.5 core-seconds per database on a
// busy machine, most of it in the kernel, and in memory (tmpfs) a small part of that. Nothing of the
// cluster needs to outlive the tests.
import { statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** Linux's shared-memory tmpfs, mode 1777 (anyone may make a dir in it). */
const MEMORY_DIR = '/dev/shm';

/**
 * The free space a test cluster may need there: the template and the few databases alive at once
 * (about 12 MB each), and WAL up to min_wal_size (80 MB) and a checkpoint's worth more. A small
 * /dev/shm (a container's default is 64 MB) is not used: the cluster goes to the disk's temp dir.
 */
const MEMORY_DIR_MIN_FREE = 1024 * 1024 * 1024;

/** The folder to make the cluster's temp dir in: tmpfs when asked and there is room, else os.tmpdir(). */
export function scratchParent(options: { inMemory?: boolean }): string {
  if (options.inMemory) {
    try {
      const stats = statfsSync(MEMORY_DIR);
      if (stats.bavail * stats.bsize >= MEMORY_DIR_MIN_FREE) return MEMORY_DIR;
    } catch {
      // No /dev/shm (not Linux): the disk's temp dir.
    }
  }
  return tmpdir();
}
