#!/usr/bin/env node
// The browser tests drive Debian's Chromium; no tool may download a browser of its own.
// Finds it, installs it with apt on a Debian machine where we are root, or stops with a clear message.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './chromium.mjs';

const path = chromiumPath();
if (existsSync(path)) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(
    `\nCHROMIUM_PATH is set to ${path}, but there is no file there. Point it at a Chromium binary, or unset it to use Debian's /usr/bin/chromium.\n`,
  );
  process.exit(1);
}

const canApt =
  process.platform === 'linux' && existsSync('/usr/bin/apt-get') && process.getuid?.() === 0;
if (!canApt) {
  console.error(
    `\nChromium was not found at ${path}.\n` +
      'Install Debian\'s "chromium" package (apt-get install chromium), or set CHROMIUM_PATH to a Chromium binary.\n',
  );
  process.exit(1);
}
console.info('Chromium is missing: installing Debian\'s "chromium" package with apt-get…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
try {
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env,
  });
} catch {
  console.error(
    '\nInstalling Chromium with apt-get failed (see above). Install the "chromium" package by hand or set CHROMIUM_PATH.\n',
  );
  process.exit(1);
}
if (!existsSync(path)) {
  console.error(
    `\napt-get finished but ${path} is still missing. Set CHROMIUM_PATH to the Chromium binary.\n`,
  );
  process.exit(1);
}
