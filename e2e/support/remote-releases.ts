import { buildRemoteVariant } from './scratch-build';

// The next releases of remotes the shell specs deploy, canary, override and re-render, each defined once
// so that a run builds it once (scratch-build.ts) for every spec that ships it.

/** careers' next release: its page with a marker above it. */
export const CAREERS_RELEASE_2_MARKER = 'Careers release 2';
export const careersRelease2 = () =>
  buildRemoteVariant({
    remote: 'careers',
    variant: 'careers-release-2',
    wrapExposed: { module: 'CareersPage', marker: CAREERS_RELEASE_2_MARKER },
  });

/** content's next release: the home page's hero with another title. */
export const CONTENT_HERO_FILE = 'src/pages/home/sections/HeroSection.tsx';
export const CONTENT_RELEASE_2_TITLE = '<Accent>AI Agent</Accent> Commerce, Release 2';
export const contentRelease2 = () =>
  buildRemoteVariant({
    remote: 'content',
    variant: 'content-hero-text',
    edits: [
      {
        file: CONTENT_HERO_FILE,
        search: '<Accent>AI Agent</Accent> Commerce',
        replace: CONTENT_RELEASE_2_TITLE,
      },
    ],
  });
