import type { ExposedComponent } from '@agentora/contracts';
import { PageTitle, Section } from '@agentora/ui';

function CaseStudiesPage() {
  return (
    <Section>
      <PageTitle>Case Studies</PageTitle>
    </Section>
  );
}

export default CaseStudiesPage satisfies ExposedComponent<'content', './CaseStudiesPage'>;
