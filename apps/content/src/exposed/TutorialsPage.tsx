import type { ExposedComponent } from '@agentora/contracts';
import { PageTitle, Section } from '@agentora/ui';

function TutorialsPage() {
  return (
    <Section>
      <PageTitle>Tutorials</PageTitle>
    </Section>
  );
}

export default TutorialsPage satisfies ExposedComponent<'content', './TutorialsPage'>;
