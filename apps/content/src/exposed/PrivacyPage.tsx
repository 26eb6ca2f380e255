import type { ExposedComponent } from '@agentora/contracts';
import { PageTitle, Section } from '@agentora/ui';

function PrivacyPage() {
  return (
    <Section>
      <PageTitle>Privacy Policy</PageTitle>
    </Section>
  );
}

export default PrivacyPage satisfies ExposedComponent<'content', './PrivacyPage'>;
