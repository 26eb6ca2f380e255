import { useId } from 'react';
import styled from 'styled-components';
import { BRAND, PATHS } from '@agentora/data';
import { ArrowRightIcon, Card, CardTitle, LinkButton, Muted, Row, Section } from '@agentora/ui';
import {
  ACCESS_METHODS,
  AUDIENCES,
  BUYER_BENEFITS_PAGE,
  BUYER_STEPS,
  CREATOR_BENEFITS,
  CREATOR_STEPS,
  EXAMPLE_USE_CASE,
  PRICING_MODELS,
  TRUST_BRIDGE,
} from '../../data/how-it-works/how-it-works';
import { CardList } from '../../components/cards/CardList';
import { FeatureCard } from '../../components/cards/FeatureCard';
import { TwoColumns } from '../../components/layout/TwoColumns';
import { CheckList } from '../../components/lists/CheckList';
import { PageHero } from '../../components/page/PageHero';
import { FollowSection } from '../../components/page/FollowSection';
import { SectionHeader } from '../../components/page/SectionHeader';
import { StepList } from '../../components/steps/StepList';

const Story = styled.ol`
  list-style: none;
  margin: 0 auto;
  padding: 0;
  max-width: 52rem;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  li {
    padding: ${({ theme }) => theme.space.lg};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-left: 4px solid ${({ theme }) => theme.colors.accent};
    border-radius: ${({ theme }) => theme.radii.md};
  }
  h3 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.md};
    color: ${({ theme }) => theme.colors.accent};
  }
  p {
    margin: 0;
  }
`;

const Actions = styled(Row)`
  justify-content: center;
`;

const Note = styled(Muted)`
  text-align: center;
  margin: ${({ theme }) => theme.space.lg} 0 0;
`;

const Block = styled.div`
  & + & {
    margin-top: ${({ theme }) => theme.space.xxl};
  }
  > h3 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    text-align: center;
    margin-bottom: ${({ theme }) => theme.space.lg};
  }
`;

export function HowItWorksPage() {
  const stepsId = useId();
  const benefitsId = useId();
  const optionsId = useId();
  const trustId = useId();
  const audiencesId = useId();
  const exampleId = useId();
  const ctaId = useId();
  return (
    <>
      <PageHero
        eyebrow="How It Works"
        title={`How ${BRAND} Works`}
        lead="Creators list AI agents and earn from every run. Buyers find them, choose how to run them, and start in one click."
      />
      <FollowSection aria-labelledby={stepsId}>
        <SectionHeader titleId={stepsId} title="Two sides, one simple process" />
        <Block>
          <h3>For Creators</h3>
          <StepList steps={CREATOR_STEPS} min="260px" level={4} />
        </Block>
        <Block>
          <h3>For Buyers</h3>
          <StepList steps={BUYER_STEPS} min="260px" level={4} />
        </Block>
      </FollowSection>
      <Section tone="raised" aria-labelledby={benefitsId}>
        <SectionHeader titleId={benefitsId} title="What each side gets" />
        <TwoColumns $from="md" $gap="lg">
          <Card>
            <CardTitle>Creator Benefits</CardTitle>
            <CheckList items={CREATOR_BENEFITS} />
          </Card>
          <Card>
            <CardTitle>Buyer Benefits</CardTitle>
            <CheckList items={BUYER_BENEFITS_PAGE} />
          </Card>
        </TwoColumns>
      </Section>
      <Section aria-labelledby={optionsId}>
        <SectionHeader
          titleId={optionsId}
          title="Flexible pricing, two ways to run"
          lead="Creators choose how their agent is priced; buyers choose where it runs."
        />
        <Block>
          <h3>Pricing Models</h3>
          <CardList $min="220px">
            {PRICING_MODELS.map((model) => (
              <li key={model.title}>
                <FeatureCard feature={model} level={4} />
              </li>
            ))}
          </CardList>
        </Block>
        <Block>
          <h3>Access Methods</h3>
          <CardList $min="260px">
            {ACCESS_METHODS.map((method) => (
              <li key={method.title}>
                <FeatureCard feature={method} level={4} />
              </li>
            ))}
          </CardList>
        </Block>
      </Section>
      <Section tone="raised" aria-labelledby={trustId}>
        <SectionHeader
          titleId={trustId}
          eyebrow="Our Role"
          title="The trust bridge between creators and buyers"
          lead={`${BRAND} sits between the people who build agents and the people who depend on them, and makes the deal safe for both.`}
        />
        <CardList $min="240px">
          {TRUST_BRIDGE.map((item) => (
            <li key={item.title}>
              <FeatureCard feature={item} />
            </li>
          ))}
        </CardList>
      </Section>
      <Section aria-labelledby={audiencesId}>
        <SectionHeader titleId={audiencesId} title="Who it is for" />
        <CardList $min="220px">
          {AUDIENCES.map((audience) => (
            <li key={audience.title}>
              <FeatureCard feature={audience} />
            </li>
          ))}
        </CardList>
      </Section>
      <Section tone="raised" aria-labelledby={exampleId}>
        <SectionHeader
          titleId={exampleId}
          eyebrow="Example Use Case"
          title={EXAMPLE_USE_CASE.title}
        />
        <Story>
          <li>
            <h3>The creator</h3>
            <p>{EXAMPLE_USE_CASE.creator}</p>
          </li>
          <li>
            <h3>The buyer</h3>
            <p>{EXAMPLE_USE_CASE.buyer}</p>
          </li>
          <li>
            <h3>The result</h3>
            <p>{EXAMPLE_USE_CASE.outcome}</p>
          </li>
        </Story>
      </Section>
      <Section aria-labelledby={ctaId}>
        <SectionHeader
          titleId={ctaId}
          title="Ready to get started?"
          lead="Join the waitlist for early access, or read more about AI agents on our blog."
        />
        <Actions>
          <LinkButton to={PATHS.comingSoon} size="lg">
            Join Waitlist
            <ArrowRightIcon size={18} />
          </LinkButton>
          <LinkButton to={PATHS.blog} size="lg" variant="secondary">
            Read the Blog
          </LinkButton>
        </Actions>
        <Note>Nothing is for sale yet: the marketplace opens at launch.</Note>
      </Section>
    </>
  );
}
