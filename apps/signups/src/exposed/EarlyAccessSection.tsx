import type { ExposedComponent } from '@agentora/contracts';
import { SectionTitle, Section } from '@agentora/ui';

function EarlyAccessSection() {
  return (
    <Section>
      <SectionTitle>Get Early Access</SectionTitle>
    </Section>
  );
}

export default EarlyAccessSection satisfies ExposedComponent<'signups', './EarlyAccessSection'>;
