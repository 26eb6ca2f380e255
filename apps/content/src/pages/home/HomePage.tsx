import type { HomePageProps } from '@agentora/contracts';
import { HeroSection } from './sections/HeroSection';
import { VisionSection } from './sections/VisionSection';
import { ProblemSolutionSection } from './sections/ProblemSolutionSection';
import { HowItWorksSection } from './sections/HowItWorksSection';
import { RoadmapSection } from './roadmap/RoadmapSection';
import { BlogTeaserSection } from './blog-teaser/BlogTeaserSection';

/**
 * The landing page in its documented order (docs/product/content-pages.md). The early-access section and the newsletter belong to the
 * signups remote: the shell hands them in as slots, so this remote never imports another remote.
 */
export function HomePage({ earlyAccessSlot, newsletterSlot }: HomePageProps) {
  return (
    <>
      <HeroSection />
      <VisionSection />
      <ProblemSolutionSection />
      <HowItWorksSection />
      {earlyAccessSlot}
      <RoadmapSection />
      <BlogTeaserSection />
      {newsletterSlot}
    </>
  );
}
