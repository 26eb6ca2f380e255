import type { ExposedComponent } from '@agentora/contracts';
import { PageTitle, Section } from '@agentora/ui';

function CareersPage() {
  return (
    <Section>
      <PageTitle>Careers at Agentora</PageTitle>
    </Section>
  );
}

export default CareersPage satisfies ExposedComponent<'careers', './CareersPage'>;
