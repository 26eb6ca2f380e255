import type { ExposedComponent } from '@agentora/contracts';
import { SectionTitle, Section } from '@agentora/ui';

function NewsletterSignup() {
  return (
    <Section>
      <SectionTitle>Stay Updated</SectionTitle>
    </Section>
  );
}

export default NewsletterSignup satisfies ExposedComponent<'signups', './NewsletterSignup'>;
