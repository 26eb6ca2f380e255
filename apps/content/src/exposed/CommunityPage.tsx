import type { ExposedComponent } from '@agentora/contracts';
import { PageTitle, Section } from '@agentora/ui';

function CommunityPage() {
  return (
    <Section>
      <PageTitle>Community</PageTitle>
    </Section>
  );
}

export default CommunityPage satisfies ExposedComponent<'content', './CommunityPage'>;
