import { BRAND } from '@agentora/data';
import type { Author } from '../types';

export const AUTHORS = {
  maya: {
    name: 'Maya Chen',
    role: 'Head of Research',
    initials: 'MC',
    bio: `Maya studies how automation changes the way companies buy software. Before ${BRAND} she spent eight years as a market analyst covering cloud infrastructure and developer tools.`,
  },
  daniel: {
    name: 'Daniel Okafor',
    role: 'Developer Advocate',
    initials: 'DO',
    bio: `Daniel helps creators package, price and ship their agents. He has built chat and workflow automations for support teams since before "agent" was a buzzword.`,
  },
  sofia: {
    name: 'Sofia Martins',
    role: 'Platform Engineer',
    initials: 'SM',
    bio: `Sofia works on the scheduling and isolation layer of the ${BRAND} compute pool. She cares about cold starts, fair sharing and boring, predictable bills.`,
  },
  james: {
    name: 'James Whitfield',
    role: 'Creator Partnerships Lead',
    initials: 'JW',
    bio: `James talks to AI creators every week about what they build and how they earn from it. He previously ran a marketplace for design templates.`,
  },
} as const satisfies Record<string, Author>;
