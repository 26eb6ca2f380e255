import { useId } from 'react';
import styled from 'styled-components';
import { ArrowRightIcon, Card, CardTitle, LinkButton, Muted, Section } from '@agentora/ui';
import { AGENT_TYPES } from '../../data/use-cases/agent-types';
import { INDUSTRIES, USE_CASE_STATS } from '../../data/use-cases/industries';
import { CardList } from '../../components/cards/CardList';
import { IconTile } from '../../components/cards/IconTile';
import { CheckList } from '../../components/lists/CheckList';
import { PageHero } from '../../components/page/PageHero';
import { FollowSection } from '../../components/page/FollowSection';
import { SectionHeader } from '../../components/page/SectionHeader';
import { StatList } from '../../components/stats/StatList';
import { PATHS } from '@agentora/data';

const AgentCard = styled(Card)`
  gap: ${({ theme }) => theme.space.md};
  h3,
  p {
    margin: 0;
  }
`;

const IndustryCard = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Cta = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.xxl};
  text-align: center;
`;

export function UseCasesPage() {
  const agentsId = useId();
  const industriesId = useId();
  const impactId = useId();
  return (
    <>
      <PageHero
        eyebrow="Use Cases"
        title="AI Agent Use Cases"
        lead="Six kinds of ready-made agents that take real work off your team, across ten industries."
      />
      <FollowSection aria-labelledby={agentsId}>
        <SectionHeader
          titleId={agentsId}
          title="Agents for every team"
          lead="Each agent does one job well, and runs with one click on the shared compute pool."
        />
        <CardList $min="300px">
          {AGENT_TYPES.map((agent) => (
            <li key={agent.id}>
              <AgentCard>
                <IconTile icon={agent.icon} />
                <CardTitle>{agent.name}</CardTitle>
                <Muted>{agent.description}</Muted>
                <CheckList items={agent.features} label={`${agent.name} features`} />
              </AgentCard>
            </li>
          ))}
        </CardList>
      </FollowSection>
      <Section tone="raised" aria-labelledby={industriesId}>
        <SectionHeader
          titleId={industriesId}
          title="Industries We Serve"
          lead="Agents are listed and filtered by industry, so you find the ones built for your field."
        />
        <CardList $min="200px" $gap="1rem">
          {INDUSTRIES.map((industry) => (
            <li key={industry.id}>
              <IndustryCard>
                <IconTile icon={industry.icon} size={40} />
                <div>
                  <h3>{industry.name}</h3>
                  <p>{industry.description}</p>
                </div>
              </IndustryCard>
            </li>
          ))}
        </CardList>
      </Section>
      <Section aria-labelledby={impactId}>
        <SectionHeader titleId={impactId} title="The impact" />
        <StatList stats={USE_CASE_STATS} />
        <Cta>
          <Muted>Ready to put agents to work, or to sell the ones you build?</Muted>
          <LinkButton to={PATHS.comingSoon} size="lg">
            Join Us
            <ArrowRightIcon size={18} />
          </LinkButton>
        </Cta>
      </Section>
    </>
  );
}
