import type { ExposedComponent } from '@agentora/contracts';
import { PageTitle, Section } from '@agentora/ui';

function TermsPage() {
  return (
    <Section>
      <PageTitle>Terms of Service</PageTitle>
    </Section>
  );
}

export default TermsPage satisfies ExposedComponent<'content', './TermsPage'>;
