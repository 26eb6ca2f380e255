#!/usr/bin/env node
// The browser tests drive Debian's Chromium: its headless shell for most pages, the full browser
// where the browser's own behaviour is tested. No tool may download a browser of its own. Finds
// both, installs the missing Debian packages with apt where we are root on Debian, or stops with a
// clear message. It is an Nx target of its own (`ensure-chromium`), which every e2e target depends
// on: Nx runs it at the start of a run, beside the builds and the other tests, so that on a fresh
// machine the download is not added to the e2e run's own time.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath, headlessShellPath } from './chromium.mjs';

const wanted = [
  { path: chromiumPath(), variable: 'CHROMIUM_PATH', debianPackage: 'chromium' },
  {
    path: headlessShellPath(),
    variable: 'CHROMIUM_HEADLESS_SHELL_PATH',
    debianPackage: 'chromium-headless-shell',
  },
];
const missing = wanted.filter(({ path }) => !existsSync(path));
if (missing.length === 0) process.exit(0);

const pointedAway = missing.filter(({ variable }) => process.env[variable]);
if (pointedAway.length > 0) {
  for (const { path, variable } of pointedAway) {
    console.error(`\n${variable} is set to ${path}, but there is no file there.`);
  }
  console.error('Point each at a Chromium binary, or unset it to use the Debian package.\n');
  process.exit(1);
}

const packages = missing.map(({ debianPackage }) => debianPackage);
const canApt =
  process.platform === 'linux' && existsSync('/usr/bin/apt-get') && process.getuid?.() === 0;
if (!canApt) {
  for (const { path, variable } of missing) {
    console.error(`\nChromium was not found at ${path} (${variable} names another place).`);
  }
  console.error(
    `Install Debian's packages (apt-get install ${packages.join(' ')}), or set the variables above.\n`,
  );
  process.exit(1);
}
console.info(`Chromium is missing: installing Debian's ${packages.join(' and ')} with apt-get…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
try {
  execFileSync('apt-get', ['update', '-o', 'DPkg::Lock::Timeout=300'], { stdio: 'inherit', env });
  // Another test set-up may be installing a package of its own at the same time (PostgreSQL's,
  // tools/test-postgres): wait for dpkg's lock instead of failing on it.
  execFileSync(
    'apt-get',
    ['install', '-y', '--no-install-recommends', '-o', 'DPkg::Lock::Timeout=300', ...packages],
    {
      stdio: 'inherit',
      env,
    },
  );
} catch {
  console.error(
    `\nInstalling with apt-get failed (see above). Install ${packages.join(' and ')} by hand, or set the variables above.\n`,
  );
  process.exit(1);
}
const stillMissing = missing.filter(({ path }) => !existsSync(path));
if (stillMissing.length > 0) {
  for (const { path, variable } of stillMissing) {
    console.error(
      `\napt-get finished but ${path} is still missing. Set ${variable} to the binary.`,
    );
  }
  process.exit(1);
}
