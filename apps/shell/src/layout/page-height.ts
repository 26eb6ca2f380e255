import { theme } from '@agentora/ui';

/**
 * The main area (and a page's loading or failure placeholder) fills the first screen below the
 * header, so the footer starts below the fold and never jumps while a remote page arrives: layout
 * shift outside the viewport does not count against CLS.
 */
export const PAGE_MIN_HEIGHT = `calc(100svh - ${theme.layout.headerHeight})`;
