import type { ExposedComponent } from '@agentora/contracts';
import { PageTitle, Section } from '@agentora/ui';

function HowItWorksPage() {
  return (
    <Section>
      <PageTitle>How It Works</PageTitle>
    </Section>
  );
}

export default HowItWorksPage satisfies ExposedComponent<'content', './HowItWorksPage'>;
