import { useId } from 'react';
import styled from 'styled-components';
import { Badge, CardTitle, LinkButton, Muted, Section, VisuallyHidden } from '@agentora/ui';
import { COMMUNITY_EVENTS, DISCUSSIONS } from '../../data/community/community';
import { TwoColumns } from '../../components/layout/TwoColumns';
import { SectionHeader } from '../../components/page/SectionHeader';
import { formatDate, formatDayOfMonth, formatShortDate, formatShortMonth } from '../../format/date';
import { formatCount } from '../../format/number';
import { Bottom, Small, Tight } from './parts';
import { PATHS } from '@agentora/data';

const Stacked = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const EventRow = styled(Tight)`
  flex-direction: row;
  gap: ${({ theme }) => theme.space.lg};
  align-items: flex-start;
`;

const DateTile = styled.p`
  flex: none;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  width: 4.5rem;
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  line-height: 1.1;
  span:first-child {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.accent};
    font-weight: 700;
  }
  span:last-child {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    font-weight: 800;
  }
`;

const EventBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  flex: 1;
  min-width: 0;
`;

export function DiscussionsAndEvents() {
  const discussionsId = useId();
  const eventsId = useId();
  return (
    <Section tone="raised">
      <TwoColumns $from="lg" $gap="xxl">
        <section aria-labelledby={discussionsId}>
          <SectionHeader titleId={discussionsId} title="Recent Discussions" align="start" />
          <Stacked>
            {DISCUSSIONS.map((discussion) => (
              <li key={discussion.id}>
                <Tight>
                  <Badge $tone="accent">{discussion.category}</Badge>
                  <CardTitle>{discussion.title}</CardTitle>
                  <Muted>{discussion.excerpt}</Muted>
                  <Small>
                    By {discussion.author} · {formatCount(discussion.replies)} replies ·{' '}
                    {formatCount(discussion.views)} views · last reply{' '}
                    <time dateTime={discussion.lastActivity}>
                      {formatShortDate(discussion.lastActivity)}
                    </time>
                  </Small>
                </Tight>
              </li>
            ))}
          </Stacked>
        </section>
        <section aria-labelledby={eventsId}>
          <SectionHeader titleId={eventsId} title="Upcoming Events" align="start" />
          <Stacked>
            {COMMUNITY_EVENTS.map((event) => (
              <li key={event.id}>
                <EventRow>
                  <DateTile aria-hidden="true">
                    <span>{formatShortMonth(event.date)}</span>
                    <span>{formatDayOfMonth(event.date)}</span>
                  </DateTile>
                  <EventBody>
                    <Badge $tone={event.format === 'Online' ? 'success' : 'accent'}>
                      {event.format}
                    </Badge>
                    <CardTitle>{event.title}</CardTitle>
                    <Muted>{event.description}</Muted>
                    <Small>
                      <time dateTime={event.date}>{formatDate(event.date)}</time>, {event.time} ·{' '}
                      {event.location} · Hosted by {event.host} · {formatCount(event.spots)} spots
                    </Small>
                    <Bottom>
                      <LinkButton to={PATHS.comingSoon} variant="secondary">
                        Register Free<VisuallyHidden>: {event.title}</VisuallyHidden>
                      </LinkButton>
                    </Bottom>
                  </EventBody>
                </EventRow>
              </li>
            ))}
          </Stacked>
        </section>
      </TwoColumns>
    </Section>
  );
}
