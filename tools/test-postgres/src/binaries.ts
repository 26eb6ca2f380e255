// The tests run a real PostgreSQL server from the machine's own packages; no tool downloads one.
// Finds initdb and postgres, installs Debian's "postgresql" package with apt on a Debian machine where
// we are root, or stops with a clear message (the same rule as tools/chromium for Chromium).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface PostgresBinaries {
  /** The folder holding `initdb`, `postgres` (and `pg_ctl`). */
  binDir: string;
  /** The server's major version, e.g. 15. */
  major: number;
}

export interface FindPostgresOptions {
  /** Install Debian's "postgresql" package when none is found and we are root with apt-get. Default true. */
  install?: boolean;
}

/** Where to look; the defaults are POSTGRES_BIN_DIR, Debian's /usr/lib/postgresql and PATH. */
export interface SearchPlaces {
  /** POSTGRES_BIN_DIR: when set, the only place looked at. */
  binDir?: string;
  /** Holds one `<major>/bin` folder per installed version (Debian's layout). */
  libDir: string;
  /** Folders searched after libDir (PATH: Fedora, Homebrew, Nix put initdb there). */
  pathDirs: string[];
}

const DEBIAN_LIB_DIR = '/usr/lib/postgresql';

function defaultPlaces(): SearchPlaces {
  return {
    binDir: process.env.POSTGRES_BIN_DIR || undefined,
    libDir: DEBIAN_LIB_DIR,
    pathDirs: (process.env.PATH ?? '').split(path.delimiter).filter(Boolean),
  };
}

const hasServer = (dir: string) =>
  existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'postgres'));

/** The major version `postgres --version` reports ("postgres (PostgreSQL) 15.18 (Debian …)"). */
function serverMajor(binDir: string): number {
  const postgres = path.join(binDir, 'postgres');
  let version: string;
  try {
    version = execFileSync(postgres, ['--version'], { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    throw new Error(`Cannot run ${postgres} --version: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(version);
  if (!match) throw new Error(`Cannot read the version of ${postgres} from "${version.trim()}".`);
  return Number(match[1]);
}

/** The server binaries at `places` (newest Debian version first), or undefined. */
export function locatePostgresBinaries(
  places: SearchPlaces = defaultPlaces(),
): PostgresBinaries | undefined {
  if (places.binDir) {
    return hasServer(places.binDir)
      ? { binDir: places.binDir, major: serverMajor(places.binDir) }
      : undefined;
  }
  const majors = existsSync(places.libDir)
    ? readdirSync(places.libDir)
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .sort((a, b) => b - a)
    : [];
  for (const major of majors) {
    const binDir = path.join(places.libDir, String(major), 'bin');
    if (hasServer(binDir)) return { binDir, major: serverMajor(binDir) };
  }
  const onPath = places.pathDirs.find(hasServer);
  return onPath ? { binDir: onPath, major: serverMajor(onPath) } : undefined;
}

const note = (message: string) => process.stderr.write(`test-postgres: ${message}\n`);

let aptUpdated = false;

function aptInstallPostgres(): void {
  // apt's output goes to stderr: stdout may be a machine-read POSTGRES_URL= line (src/main.ts).
  const options = {
    stdio: ['ignore', 2, 2] as ['ignore', number, number],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  };
  note('PostgreSQL is missing: installing Debian\'s "postgresql" package with apt-get…');
  try {
    if (!aptUpdated) {
      note('apt-get update');
      execFileSync('apt-get', ['update'], options);
      aptUpdated = true;
    }
    note('DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql');
    // Waits for dpkg's lock when several test workers get here at once.
    execFileSync(
      'apt-get',
      ['install', '-y', '-o', 'DPkg::Lock::Timeout=300', 'postgresql'],
      options,
    );
  } catch (error) {
    throw new Error(
      'Installing PostgreSQL with apt-get failed (see above). Install Debian\'s "postgresql" package ' +
        'by hand (apt-get install postgresql), or set POSTGRES_BIN_DIR to the folder holding initdb and postgres.',
      { cause: error },
    );
  }
}

/**
 * The PostgreSQL server binaries: from POSTGRES_BIN_DIR, else the newest /usr/lib/postgresql/<major>/bin,
 * else PATH. When there are none and we are root on Debian/Ubuntu, installs the "postgresql" package
 * with apt-get; otherwise throws an Error saying what to install.
 */
export function findPostgresBinaries(
  options: FindPostgresOptions = {},
  places: SearchPlaces = defaultPlaces(),
): PostgresBinaries {
  const found = locatePostgresBinaries(places);
  if (found) return found;

  if (places.binDir) {
    throw new Error(
      `POSTGRES_BIN_DIR is set to ${places.binDir}, but initdb and postgres are not both there. ` +
        `Point it at a PostgreSQL server's bin folder (e.g. ${DEBIAN_LIB_DIR}/15/bin), ` +
        `or unset it to use Debian's ${DEBIAN_LIB_DIR}/<major>/bin.`,
    );
  }

  const canApt =
    (options.install ?? true) &&
    process.platform === 'linux' &&
    existsSync('/usr/bin/apt-get') &&
    process.getuid?.() === 0;
  if (!canApt) {
    throw new Error(
      `PostgreSQL was not found (no initdb and postgres in ${DEBIAN_LIB_DIR}/<major>/bin or on PATH). ` +
        'Install Debian\'s "postgresql" package (as root: apt-get install postgresql) or your system\'s ' +
        'PostgreSQL server package, or set POSTGRES_BIN_DIR to the folder holding initdb and postgres.',
    );
  }
  aptInstallPostgres();
  const installed = locatePostgresBinaries(places);
  if (!installed) {
    throw new Error(
      `apt-get finished but there is still no initdb and postgres in ${DEBIAN_LIB_DIR}/<major>/bin. ` +
        'Set POSTGRES_BIN_DIR to the folder holding them.',
    );
  }
  return installed;
}
