import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Debian's Java (package default-jre-headless): what runs the Nu HTML Checker; nothing downloads. */
const DEBIAN_JAVA = '/usr/bin/java';

function configured(): string | undefined {
  if (process.env.JAVA_HOME) return path.join(process.env.JAVA_HOME, 'bin', 'java');
  return undefined;
}

/**
 * The java binary: $JAVA_HOME/bin/java, or Debian's. Where neither exists, installs Debian's
 * default-jre-headless with apt-get when this is a Debian machine and we are root (CI), or throws with
 * what to install.
 */
export function javaBinary(): string {
  const wanted = configured() ?? DEBIAN_JAVA;
  if (existsSync(wanted)) return wanted;
  if (configured()) {
    throw new Error(`JAVA_HOME is set, but there is no ${wanted}. Point it at a Java 11+ runtime.`);
  }
  const canApt =
    process.platform === 'linux' && existsSync('/usr/bin/apt-get') && process.getuid?.() === 0;
  if (!canApt) {
    throw new Error(
      'Java was not found at /usr/bin/java. Install Debian\'s "default-jre-headless" package, or set JAVA_HOME.',
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  // Another set-up may hold dpkg's lock (Chromium's or PostgreSQL's install): wait for it.
  execFileSync(
    'apt-get',
    [
      'install',
      '-y',
      '--no-install-recommends',
      '-o',
      'DPkg::Lock::Timeout=300',
      'default-jre-headless',
    ],
    { stdio: 'inherit', env },
  );
  if (!existsSync(DEBIAN_JAVA)) {
    throw new Error('apt-get installed default-jre-headless, but /usr/bin/java is still missing.');
  }
  return DEBIAN_JAVA;
}
