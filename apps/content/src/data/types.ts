// Shapes of the content remote's built-in data. The data is static and typed, never JSX: pages
// decide how it looks. Field names follow the product's content model (id, title, excerpt, …).
import type { Article } from '@agentora/data';

/** Icons are named in data and resolved to components by components/icons/icon-map.ts. */
export type IconName =
  | 'sparkles'
  | 'globe'
  | 'zap'
  | 'rocket'
  | 'users'
  | 'shield'
  | 'chart'
  | 'trending-up'
  | 'code'
  | 'clock'
  | 'book'
  | 'cpu'
  | 'search'
  | 'upload'
  | 'file'
  | 'download'
  | 'star'
  | 'calendar'
  | 'heart'
  | 'lock'
  | 'target'
  | 'layers'
  | 'dollar'
  | 'refresh'
  | 'chat'
  | 'mail'
  | 'check-circle';

/** Theme colours a piece of data may ask for; they map onto the typed theme, never raw hex. */
export type ToneName = 'success' | 'accent' | 'highlight' | 'muted';

/** Motifs the Artwork component can draw. Images are drawn in-page: no network image, no layout shift. */
export type ArtworkMotif =
  | 'market'
  | 'network'
  | 'terminal'
  | 'compute'
  | 'coins'
  | 'flow'
  | 'scatter'
  | 'store'
  | 'shield'
  | 'chat';

/** Gradient pairs for drawn artwork, chosen to sit well on the dark theme. */
export type ArtworkPalette = 'violet' | 'cyan' | 'emerald' | 'amber' | 'rose' | 'indigo';

/**
 * A drawn image. Stands where the content model has an image URL (blog image, tutorial thumbnail):
 * the picture is drawn from `motif` and `palette`, and `alt` is its text alternative.
 */
export interface Artwork {
  motif: ArtworkMotif;
  palette: ArtworkPalette;
  alt: string;
}

/** A headline figure: "1000+" over "Agents at launch". */
export interface Stat {
  value: string;
  label: string;
}

/** A titled card of copy with an icon (features, values, steps…). */
export interface Feature {
  icon: IconName;
  title: string;
  description: string;
}

// ── Blog ────────────────────────────────────────────────────────────────────────────────────────

/** A post as the blog shows it: the site's article (@agentora/data) with its body and picture. */
export interface BlogPost extends Article {
  /** Simple markdown: ## and ### headings, **bold**, bullet and numbered lists, paragraphs. */
  content: string;
  image: Artwork;
}

export type { ArticleAuthor as Author, BlogCategory, BlogCategoryFilter } from '@agentora/data';

// ── Home ────────────────────────────────────────────────────────────────────────────────────────

export type RoadmapStatus = 'In Progress' | 'Planned';

export interface RoadmapItem {
  quarter: string;
  title: string;
  status: RoadmapStatus;
  icon: IconName;
  items: readonly string[];
  color: ToneName;
}

export interface ChallengeSolution {
  challenge: Feature;
  solution: Feature;
}

export interface ProcessStep {
  step: number;
  icon: IconName;
  title: string;
  description: string;
}

// ── Use cases ───────────────────────────────────────────────────────────────────────────────────

export interface AgentType {
  id: string;
  name: string;
  icon: IconName;
  description: string;
  features: readonly string[];
}

export interface Industry {
  id: string;
  name: string;
  icon: IconName;
  description: string;
}

// ── Case studies ────────────────────────────────────────────────────────────────────────────────

export const CASE_STUDY_INDUSTRIES = [
  'All',
  'SaaS',
  'E-commerce',
  'Healthcare',
  'Finance',
  'Manufacturing',
  'Real Estate',
] as const;
export type CaseStudyIndustryFilter = (typeof CASE_STUDY_INDUSTRIES)[number];
export type CaseStudyIndustry = Exclude<CaseStudyIndustryFilter, 'All'>;

export interface CaseStudyResults {
  costSaving: string;
  timeReduction: string;
  satisfaction: string;
  roi: string;
}

export interface CaseStudyMetric {
  label: string;
  before: string;
  after: string;
  improvement: string;
}

/** A company's drawn mark: its initials on a gradient. */
export interface LogoMark {
  initials: string;
  palette: ArtworkPalette;
}

export interface CaseStudy {
  id: string;
  company: string;
  industry: CaseStudyIndustry;
  logo: LogoMark;
  challenge: string;
  solution: string;
  results: CaseStudyResults;
  metrics: readonly CaseStudyMetric[];
  testimonial: string;
  author: { name: string; role: string };
  featured: boolean;
  tags: readonly string[];
  /** Full reports are published at launch; until then there is nothing to download. */
  downloadUrl: string | null;
}

// ── Tutorials ───────────────────────────────────────────────────────────────────────────────────

export const TUTORIAL_CATEGORIES = [
  'All',
  'Getting Started',
  'Data Science',
  'E-commerce',
  'No-Code',
  'Finance',
  'Business',
] as const;
export type TutorialCategoryFilter = (typeof TUTORIAL_CATEGORIES)[number];
export type TutorialCategory = Exclude<TutorialCategoryFilter, 'All'>;

export const TUTORIAL_LEVELS = ['All', 'Beginner', 'Intermediate', 'Advanced'] as const;
export type TutorialLevelFilter = (typeof TUTORIAL_LEVELS)[number];
export type TutorialLevel = Exclude<TutorialLevelFilter, 'All'>;

export type TutorialType = 'Video Course' | 'Written Guide' | 'Interactive Lab' | 'Workshop';

export interface Tutorial {
  id: string;
  title: string;
  description: string;
  category: TutorialCategory;
  level: TutorialLevel;
  /** As shown, e.g. "45 min" or "2h 30m". */
  duration: string;
  type: TutorialType;
  /** Out of 5. */
  rating: number;
  students: number;
  featured: boolean;
  thumbnail: Artwork;
  instructor: string;
  topics: readonly string[];
  prerequisites: readonly string[];
  tools: readonly string[];
  /** Companion files are published at launch. */
  downloadUrl: string | null;
}

export interface LearningPath {
  id: string;
  title: string;
  description: string;
  icon: IconName;
  level: TutorialLevel;
  duration: string;
  tutorialCount: number;
  milestones: readonly string[];
}

// ── Community ───────────────────────────────────────────────────────────────────────────────────

export interface CommunityPlatform {
  id: string;
  name: string;
  icon: IconName;
  description: string;
  /** Call to action on the card's link (every platform opens at launch, so it links to /coming-soon). */
  action: string;
}

export interface Discussion {
  id: string;
  title: string;
  author: string;
  category: string;
  excerpt: string;
  replies: number;
  views: number;
  /** ISO date of the last reply. */
  lastActivity: string;
}

export type EventFormat = 'Online' | 'In person' | 'Hybrid';

export interface CommunityEvent {
  id: string;
  title: string;
  description: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  /** As shown, with its time zone, e.g. "17:00 UTC". */
  time: string;
  format: EventFormat;
  location: string;
  host: string;
  spots: number;
}

export interface Contributor {
  id: string;
  name: string;
  initials: string;
  role: string;
  contributions: number;
  badge: string;
  palette: ArtworkPalette;
}

export interface CommunityResource {
  id: string;
  title: string;
  description: string;
  icon: IconName;
  /** An in-site page. */
  to: string;
  linkLabel: string;
}

// ── Legal ───────────────────────────────────────────────────────────────────────────────────────

export type LegalBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: readonly string[] }
  | { kind: 'contact' }
  /** Where to exercise the rights: the data request page and the support address. */
  | { kind: 'data-request' };

export interface LegalSection {
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}
