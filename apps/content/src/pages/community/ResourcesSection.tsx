import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ArrowRightIcon, CardTitle, Muted, Section } from '@agentora/ui';
import { COMMUNITY_RESOURCES } from '../../data/community/community';
import { CardList } from '../../components/cards/CardList';
import { IconTile } from '../../components/cards/IconTile';
import { SectionHeader } from '../../components/page/SectionHeader';
import { Bottom, Tight } from './parts';

const ResourceLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.accent};
`;

export function ResourcesSection() {
  const titleId = useId();
  return (
    <Section tone="raised" aria-labelledby={titleId}>
      <SectionHeader
        titleId={titleId}
        title="Resources"
        lead="Everything you need to get going with AI agents today."
      />
      <CardList $min="240px">
        {COMMUNITY_RESOURCES.map((resource) => (
          <li key={resource.id}>
            <Tight>
              <IconTile icon={resource.icon} />
              <CardTitle>{resource.title}</CardTitle>
              <Muted>{resource.description}</Muted>
              <Bottom>
                <ResourceLink to={resource.to}>
                  {resource.linkLabel}
                  <ArrowRightIcon size={16} />
                </ResourceLink>
              </Bottom>
            </Tight>
          </li>
        ))}
      </CardList>
    </Section>
  );
}
