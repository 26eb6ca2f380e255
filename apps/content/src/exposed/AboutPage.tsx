import type { ExposedComponent } from '@agentora/contracts';
import { PageTitle, Section } from '@agentora/ui';

function AboutPage() {
  return (
    <Section>
      <PageTitle>About Agentora</PageTitle>
    </Section>
  );
}

export default AboutPage satisfies ExposedComponent<'content', './AboutPage'>;
