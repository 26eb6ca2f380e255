import styled from 'styled-components';
import { Card, CardTitle } from '@agentora/ui';
import type { Feature, ToneName } from '../../data/types';
import { IconTile } from './IconTile';

const Body = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Head = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  h3,
  h4 {
    margin: 0;
  }
`;

/** Icon, title (h3, or h4 under a sub-heading) and description: most marketing sections are made of these. */
export function FeatureCard({
  feature,
  tone,
  level = 3,
}: {
  feature: Feature;
  tone?: ToneName;
  level?: 3 | 4;
}) {
  return (
    <Card>
      <Head>
        <IconTile icon={feature.icon} tone={tone} />
        <CardTitle as={level === 4 ? 'h4' : 'h3'}>{feature.title}</CardTitle>
      </Head>
      <Body>{feature.description}</Body>
    </Card>
  );
}
