import type { ExposedComponent, HomePageProps } from '@agentora/contracts';
import { DisplayTitle, LinkButton, Section } from '@agentora/ui';

function HomePage({ earlyAccessSlot, newsletterSlot }: HomePageProps) {
  return (
    <>
      <Section>
        <DisplayTitle>The Future of AI Agent Commerce</DisplayTitle>
        <LinkButton to="/coming-soon" size="lg">
          Join Waitlist
        </LinkButton>
      </Section>
      {earlyAccessSlot}
      {newsletterSlot}
    </>
  );
}

export default HomePage satisfies ExposedComponent<'content', './HomePage'>;
