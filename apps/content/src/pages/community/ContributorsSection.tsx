import { useId } from 'react';
import styled from 'styled-components';
import { Badge, CardTitle, Muted, Section } from '@agentora/ui';
import { TOP_CONTRIBUTORS } from '../../data/community/community';
import { CardList } from '../../components/cards/CardList';
import { Monogram } from '../../components/artwork/Monogram';
import { SectionHeader } from '../../components/page/SectionHeader';
import { formatCount } from '../../format/number';
import { Small, Tight } from './parts';

const Person = styled(Tight)`
  align-items: center;
  text-align: center;
`;

export function ContributorsSection() {
  const titleId = useId();
  return (
    <Section aria-labelledby={titleId}>
      <SectionHeader
        titleId={titleId}
        title="Top Contributors"
        lead="The people answering questions, sharing agents and helping others ship."
      />
      <CardList $min="220px">
        {TOP_CONTRIBUTORS.map((person) => (
          <li key={person.id}>
            <Person>
              <Monogram initials={person.initials} palette={person.palette} size={64} round />
              <CardTitle>{person.name}</CardTitle>
              <Muted>{person.role}</Muted>
              <Badge $tone="success">{person.badge}</Badge>
              <Small>{formatCount(person.contributions)} contributions</Small>
            </Person>
          </li>
        ))}
      </CardList>
    </Section>
  );
}
