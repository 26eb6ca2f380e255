import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Badge, Card, up } from '@agentora/ui';
import type { BlogPost } from '../../data/types';
import { Artwork } from '../artwork/Artwork';
import { formatShortDate } from '../../format/date';

const Root = styled(Card)<{ $featured: boolean }>`
  position: relative;
  padding: 0;
  overflow: hidden;
  gap: 0;
  transition:
    border-color 120ms ease,
    transform 120ms ease;
  &:hover {
    border-color: ${({ theme }) => theme.colors.accent};
  }
  &:has(:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  ${({ $featured }) =>
    $featured &&
    css`
      ${up('md')} {
        display: grid;
        grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr);
        align-items: stretch;
      }
    `}
`;

const Picture = styled.div<{ $featured: boolean }>`
  ${({ $featured }) =>
    $featured &&
    css`
      ${up('md')} {
        display: flex;
        svg {
          height: 100%;
          aspect-ratio: auto;
          min-height: 100%;
        }
      }
    `}
`;

const Body = styled.div<{ $featured: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme, $featured }) => ($featured ? theme.space.xl : theme.space.lg)};
  flex: 1;
`;

const Title = styled.h3<{ $featured: boolean }>`
  margin: 0;
  font-size: ${({ theme, $featured }) => ($featured ? theme.fontSizes.xxl : theme.fontSizes.xl)};
  line-height: 1.25;
  a,
  button {
    all: unset;
    cursor: pointer;
    color: ${({ theme }) => theme.colors.text};
    /* The title's link or button covers the whole card, so the card is one big target. */
    &::after {
      content: '';
      position: absolute;
      inset: 0;
    }
    &:hover {
      text-decoration: underline;
    }
    &:focus-visible {
      text-decoration: underline;
      outline: none;
    }
  }
`;

const Excerpt = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Meta = styled.p`
  margin: auto 0 0;
  padding-top: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * A post as a card. The caller gives the title's interactive element (a link on the home page, a
 * button that opens the article on the blog page); it stretches over the whole card.
 */
export function PostCard({
  post,
  title,
  featured = false,
}: {
  post: BlogPost;
  title: ReactNode;
  featured?: boolean;
}) {
  return (
    <Root $featured={featured} data-post-id={post.slug}>
      <Picture $featured={featured}>
        <Artwork art={post.image} radius="0" />
      </Picture>
      <Body $featured={featured}>
        <Badge $tone="accent">{post.category}</Badge>
        <Title $featured={featured}>{title}</Title>
        <Excerpt>{post.excerpt}</Excerpt>
        <Meta>
          <time dateTime={post.date}>{formatShortDate(post.date)}</time> · {post.readTime} ·{' '}
          {post.author.name}
        </Meta>
      </Body>
    </Root>
  );
}
