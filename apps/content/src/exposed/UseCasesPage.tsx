import type { ExposedComponent } from '@agentora/contracts';
import { PageTitle, Section } from '@agentora/ui';

function UseCasesPage() {
  return (
    <Section>
      <PageTitle>Use Cases</PageTitle>
    </Section>
  );
}

export default UseCasesPage satisfies ExposedComponent<'content', './UseCasesPage'>;
