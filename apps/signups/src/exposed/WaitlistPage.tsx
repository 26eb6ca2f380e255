import type { ExposedComponent } from '@agentora/contracts';
import { SectionTitle, Section } from '@agentora/ui';

function WaitlistPage() {
  return (
    <Section>
      <SectionTitle>Join the AI Revolution</SectionTitle>
    </Section>
  );
}

export default WaitlistPage satisfies ExposedComponent<'signups', './WaitlistPage'>;
