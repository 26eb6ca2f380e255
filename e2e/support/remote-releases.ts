import type { WorkerFixture } from '@playwright/test';
import type { VariantRequest } from './build-variant';
import { VARIANT_BUILD_DEADLINE_MS, buildRemoteVariant } from './scratch-build';
import { test as base } from './test';

// The other releases of remotes the shell specs deploy, canary, override, re-render or refuse, each
// defined once, so that a run builds it once (scratch-build.ts) for every spec that ships it.
//
// A spec gets one as a worker fixture, built before the first test that asks for it starts: the
// build's time is not the test's, and a build that hangs fails with the fixture's name instead of as
// a test timeout with no step named.

/** careers' next release: its page with a marker above it. */
export const CAREERS_RELEASE_2_MARKER = 'Careers release 2';
/** content's next release: the home page's hero with another title. */
export const CONTENT_HERO_FILE = 'src/pages/home/sections/HeroSection.tsx';
export const CONTENT_RELEASE_2_TITLE = '<Accent>AI Agent</Accent> Commerce, Release 2';

const RELEASES = {
  careersRelease2: {
    remote: 'careers',
    variant: 'careers-release-2',
    wrapExposed: { module: 'CareersPage', marker: CAREERS_RELEASE_2_MARKER },
  },
  contentRelease2: {
    remote: 'content',
    variant: 'content-hero-text',
    edits: [
      {
        file: CONTENT_HERO_FILE,
        search: '<Accent>AI Agent</Accent> Commerce',
        replace: CONTENT_RELEASE_2_TITLE,
      },
    ],
  },
  /** The same markup as content's own, only a style differs (the accent's colour). */
  contentStyleRelease: {
    remote: 'content',
    variant: 'content-hero-style',
    edits: [
      {
        file: CONTENT_HERO_FILE,
        search: 'const Accent = styled.span`\n  color: ${({ theme }) => theme.colors.accent};',
        replace: 'const Accent = styled.span`\n  color: rgb(1, 2, 3);',
      },
    ],
  },
  /** careers built against a newer minor of React than the shell provides. */
  careersReactMinor: {
    remote: 'careers',
    variant: 'careers-react-minor',
    sharedOverrides: { react: { requiredVersion: '^19.99.0' } },
  },
  /** careers built against the next major of React. */
  careersReactMajor: {
    remote: 'careers',
    variant: 'careers-react-major',
    sharedOverrides: { react: { requiredVersion: '^20.0.0' } },
  },
} satisfies Record<string, VariantRequest>;

/** Each release's dist/ folder, by name. */
export type RemoteReleases = { [name in keyof typeof RELEASES]: string };

const releaseFixture = (
  request: VariantRequest,
): [WorkerFixture<string, object>, { scope: 'worker'; timeout: number }] => [
  // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  async ({}, use) => use(await buildRemoteVariant(request)),
  // The build's own deadline, and a little to report it.
  { scope: 'worker', timeout: VARIANT_BUILD_DEADLINE_MS + 10_000 },
];

/** Playwright's `test`, with every release as a worker fixture (`async ({ page, contentRelease2 })`). */
export const test = base.extend<object, RemoteReleases>({
  careersRelease2: releaseFixture(RELEASES.careersRelease2),
  contentRelease2: releaseFixture(RELEASES.contentRelease2),
  contentStyleRelease: releaseFixture(RELEASES.contentStyleRelease),
  careersReactMinor: releaseFixture(RELEASES.careersReactMinor),
  careersReactMajor: releaseFixture(RELEASES.careersReactMajor),
});
export { expect } from './test';
