import { useId } from 'react';
import styled from 'styled-components';
import { Card, CardTitle, Muted, Section } from '@agentora/ui';
import {
  BUYER_AUDIENCE,
  BUYER_BENEFITS,
  HOME_STEPS,
  SELLER_AUDIENCE,
  SELLER_BENEFITS,
} from '../../../data/home/how-it-works';
import { TwoColumns } from '../../../components/layout/TwoColumns';
import { CheckList } from '../../../components/lists/CheckList';
import { SectionHeader } from '../../../components/page/SectionHeader';
import { StepList } from '../../../components/steps/StepList';

const Audiences = styled(TwoColumns)`
  margin-top: ${({ theme }) => theme.space.xxl};
  ${Muted} {
    margin: 0 0 ${({ theme }) => theme.space.md};
  }
  h3 {
    margin: 0;
  }
`;

export function HowItWorksSection() {
  const titleId = useId();
  return (
    <Section id="how-it-works" aria-labelledby={titleId}>
      <SectionHeader
        titleId={titleId}
        eyebrow="How It Works"
        title="From discovery to scale in four steps"
      />
      <StepList steps={HOME_STEPS} />
      <Audiences $from="md" $gap="lg">
        <Card>
          <CardTitle>For Buyers</CardTitle>
          <Muted>{BUYER_AUDIENCE}</Muted>
          <CheckList items={BUYER_BENEFITS} />
        </Card>
        <Card>
          <CardTitle>For Sellers</CardTitle>
          <Muted>{SELLER_AUDIENCE}</Muted>
          <CheckList items={SELLER_BENEFITS} />
        </Card>
      </Audiences>
    </Section>
  );
}
