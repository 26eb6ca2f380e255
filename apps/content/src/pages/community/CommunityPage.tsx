import { useId } from 'react';
import { BRAND } from '@agentora/data';
import { Section } from '@agentora/ui';
import { COMMUNITY_STATS } from '../../data/community/community';
import { PageHero } from '../../components/page/PageHero';
import { SectionHeader } from '../../components/page/SectionHeader';
import { StatList } from '../../components/stats/StatList';
import { ContributorsSection } from './ContributorsSection';
import { DiscussionsAndEvents } from './DiscussionsAndEvents';
import { PlatformsSection } from './PlatformsSection';
import { ResourcesSection } from './ResourcesSection';
import { SubscribeForm } from './SubscribeForm';

export function CommunityPage() {
  const subscribeId = useId();
  return (
    <>
      <PageHero
        eyebrow="Community"
        title={`Join the ${BRAND} Community`}
        lead="Creators, developers and business teams learning how to build, sell and run AI agents, together."
      >
        <StatList stats={COMMUNITY_STATS} />
      </PageHero>
      <PlatformsSection />
      <DiscussionsAndEvents />
      <ContributorsSection />
      <ResourcesSection />
      <Section aria-labelledby={subscribeId}>
        <SectionHeader
          titleId={subscribeId}
          title="Community Updates"
          lead="Get community events, top discussions and creator news in your inbox."
        />
        <SubscribeForm />
      </Section>
    </>
  );
}
