import styled, { css } from 'styled-components';
import {
  ArrowRightIcon,
  Badge,
  Card,
  ClockIcon,
  LinkButton,
  StarIcon,
  UsersIcon,
  VisuallyHidden,
  up,
} from '@agentora/ui';
import type { Tutorial } from '../../data/types';
import { Artwork } from '../../components/artwork/Artwork';
import { formatCount } from '../../format/number';
import { levelTone } from './level-tone';
import { PATHS } from '@agentora/data';

const Root = styled(Card)<{ $featured: boolean }>`
  padding: 0;
  overflow: hidden;
  gap: 0;
  ${({ $featured, theme }) =>
    $featured &&
    css`
      border-color: ${theme.colors.accent};
      ${up('lg')} {
        display: grid;
        grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr);
      }
    `}
`;

const Picture = styled.div<{ $featured: boolean }>`
  ${({ $featured }) =>
    $featured &&
    css`
      ${up('lg')} {
        display: flex;
        svg {
          height: 100%;
          aspect-ratio: auto;
        }
      }
    `}
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  flex: 1;
  p {
    margin: 0;
  }
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const Title = styled.h4<{ $featured: boolean }>`
  margin: 0;
  font-size: ${({ theme, $featured }) => ($featured ? theme.fontSizes.xxl : theme.fontSizes.xl)};
`;

const Description = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Facts = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
  svg {
    color: ${({ theme }) => theme.colors.accent};
  }
`;

const Details = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Start = styled.div`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space.sm};
`;

/** A tutorial as a card; the featured one adds prerequisites and tools. Its title is an h4 (under "Featured" / "More"). */
export function TutorialCard({
  tutorial,
  featured = false,
}: {
  tutorial: Tutorial;
  featured?: boolean;
}) {
  return (
    <Root $featured={featured} data-tutorial={tutorial.id}>
      <Picture $featured={featured}>
        <Artwork art={tutorial.thumbnail} radius="0" />
      </Picture>
      <Body>
        <Badges>
          <Badge $tone="accent">{tutorial.category}</Badge>
          <Badge $tone={levelTone(tutorial.level)}>{tutorial.level}</Badge>
        </Badges>
        <Title $featured={featured}>{tutorial.title}</Title>
        <Description>{tutorial.description}</Description>
        <Facts aria-label="Details">
          <li>
            <StarIcon size={16} />
            <span aria-hidden="true">{tutorial.rating.toFixed(1)}</span>
            <VisuallyHidden>Rated {tutorial.rating.toFixed(1)} out of 5</VisuallyHidden>
          </li>
          <li>
            <UsersIcon size={16} />
            {formatCount(tutorial.students)} students
          </li>
          <li>
            <ClockIcon size={16} />
            {tutorial.duration}
          </li>
          <li>{tutorial.type}</li>
        </Facts>
        <p>
          Instructor: <strong>{tutorial.instructor}</strong>
        </p>
        <Details>
          <dt>Topics</dt>
          <dd>{tutorial.topics.join(', ')}</dd>
          {featured && (
            <>
              <dt>Prerequisites</dt>
              <dd>{tutorial.prerequisites.join(', ')}</dd>
              <dt>Tools</dt>
              <dd>{tutorial.tools.join(', ')}</dd>
            </>
          )}
        </Details>
        <Start>
          <LinkButton to={PATHS.comingSoon} variant={featured ? 'primary' : 'secondary'}>
            Start Learning<VisuallyHidden>: {tutorial.title}</VisuallyHidden>
            <ArrowRightIcon size={18} />
          </LinkButton>
        </Start>
      </Body>
    </Root>
  );
}
