/**
 * Where the tests find Debian's full Chromium: CHROMIUM_PATH, else the `chromium` package's
 * location. The tests that need the browser's own behaviour (its icon requests, say) use it.
 */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/**
 * Where the tests find Chromium's headless shell: CHROMIUM_HEADLESS_SHELL_PATH, else the
 * `chromium-headless-shell` package's binary. It is the same Chromium (Blink, V8, the network
 * stack) built without the browser's own layer (no tabs or profile features, no icon fetches), the
 * build Playwright itself uses for headless runs; it renders a page on about a third less CPU
 * (docs/development.md). The Debian package's /usr/bin entry is a `sh` wrapper that stays the
 * browser's parent, so the binary is named directly.
 */
export function headlessShellPath() {
  return process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/lib/chromium/chromium-headless-shell';
}

/** Flags for a closed network and a root user (see the developers' guide). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
