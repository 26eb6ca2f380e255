// The Module Federation contract between the shell and the remotes (docs/architecture.md, "The Module
// Federation contract"). Both sides compile against it: the shell imports these types to load a
// remote's module; each remote's exposed module `satisfies` its entry. The lists of names are also
// read by the build config: what each remote exposes, and the check that its built mf-manifest.json
// exposes exactly these names (tools/mf-config/src/expose-contract.ts).
import type { ComponentType, ReactNode } from 'react';

/** Props of a page or part that takes none. */
export type NoProps = Record<string, never>;

export interface HomePageProps {
  /** The early-access section, owned by the signups remote; the shell passes it in. */
  earlyAccessSlot: ReactNode;
  /** The home newsletter component, owned by the signups remote. */
  newsletterSlot: ReactNode;
}

export interface ContentContract {
  './HomePage': HomePageProps;
  './AboutPage': NoProps;
  './BlogPage': NoProps;
  /** One article, at its own address (/blog/<slug>): the page finds it by its path. */
  './BlogArticlePage': NoProps;
  './UseCasesPage': NoProps;
  './HowItWorksPage': NoProps;
  './CaseStudiesPage': NoProps;
  './TutorialsPage': NoProps;
  './CommunityPage': NoProps;
  './PrivacyPage': NoProps;
  './TermsPage': NoProps;
}

export interface SignupsContract {
  './WaitlistPage': NoProps;
  './EarlyAccessSection': NoProps;
  './NewsletterSignup': NoProps;
  './FooterNewsletter': NoProps;
  /** The pages that email links open (docs/product/consent.md). */
  './EmailConfirmPage': NoProps;
  './EmailUnsubscribePage': NoProps;
  './PrivacyRequestPage': NoProps;
  /** A confirmed sign-up's place in line, from the link in its place mail (docs/growth.md). */
  './EmailPlacePage': NoProps;
}

export interface CareersContract {
  './CareersPage': NoProps;
}

/** The team's console (/console): staff only, behind Supabase Auth; no visitor route loads it. */
export interface ConsoleContract {
  './ConsolePage': NoProps;
}

export interface RemoteContracts {
  content: ContentContract;
  signups: SignupsContract;
  careers: CareersContract;
  backoffice: ConsoleContract;
}

export type RemoteName = keyof RemoteContracts;
export type ExposeName<R extends RemoteName> = keyof RemoteContracts[R] & string;
export type ExposedProps<R extends RemoteName, E extends ExposeName<R>> = RemoteContracts[R][E];
/** What a remote's exposed module must default-export. */
export type ExposedComponent<R extends RemoteName, E extends ExposeName<R>> = ComponentType<
  ExposedProps<R, E>
>;
export interface ExposedModule<R extends RemoteName, E extends ExposeName<R>> {
  default: ExposedComponent<R, E>;
}
/** One exposed module of one remote, as data: what a route renders, what the shell loads early. */
export type ExposedModuleRef = {
  [R in RemoteName]: { remote: R; expose: ExposeName<R> };
}[RemoteName];

type ExposeLists = { readonly [R in RemoteName]: readonly ExposeName<R>[] };

export const REMOTE_EXPOSES = {
  content: [
    './HomePage',
    './AboutPage',
    './BlogPage',
    './BlogArticlePage',
    './UseCasesPage',
    './HowItWorksPage',
    './CaseStudiesPage',
    './TutorialsPage',
    './CommunityPage',
    './PrivacyPage',
    './TermsPage',
  ],
  signups: [
    './WaitlistPage',
    './EarlyAccessSection',
    './NewsletterSignup',
    './FooterNewsletter',
    './EmailConfirmPage',
    './EmailUnsubscribePage',
    './PrivacyRequestPage',
    './EmailPlacePage',
  ],
  careers: ['./CareersPage'],
  backoffice: ['./ConsolePage'],
} as const satisfies ExposeLists;

// Compile-time proof that every contract key is in the runtime list (and so gets exposed and tested).
type Unlisted<R extends RemoteName> = Exclude<ExposeName<R>, (typeof REMOTE_EXPOSES)[R][number]>;
const everyExposeListed: [
  Unlisted<'content'>,
  Unlisted<'signups'>,
  Unlisted<'careers'>,
  Unlisted<'backoffice'>,
] extends [never, never, never, never]
  ? true
  : false = true;
void everyExposeListed;

/** The rspack `exposes` map for a remote: './HomePage' → './src/exposed/HomePage.tsx'. */
export function exposesMap(remote: RemoteName): Record<string, string> {
  return Object.fromEntries(
    REMOTE_EXPOSES[remote].map((name) => [name, `./src/exposed/${name.slice(2)}.tsx`]),
  );
}
