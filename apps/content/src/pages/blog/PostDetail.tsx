import { useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import { PATHS } from '@agentora/data';
import {
  ArrowLeftIcon,
  Badge,
  CalendarIcon,
  ClockIcon,
  Lead,
  LinkButton,
  Section,
} from '@agentora/ui';
import type { BlogPost } from '../../data/types';
import { Artwork } from '../../components/artwork/Artwork';
import { ArticleMarkdown } from '../../components/markdown/ArticleMarkdown';
import { formatDate } from '../../format/date';
import { AuthorBox } from './AuthorBox';
import type { BlogNavigationState } from './blog-navigation';

const Article = styled.article`
  max-width: 48rem;
  margin: 0 auto;
  h1 {
    margin: ${({ theme }) => theme.space.md} 0;
    font-size: ${({ theme }) => theme.fontSizes.title};
  }
  h1:focus {
    outline: none;
  }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  span {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
`;

const Byline = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  strong {
    color: ${({ theme }) => theme.colors.text};
  }
  span {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
`;

const Tags = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.xl};
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  li {
    padding: 0.25rem 0.75rem;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Figure = styled.figure`
  margin: 0 0 ${({ theme }) => theme.space.xl};
`;

const Excerpt = styled(Lead)`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  color: ${({ theme }) => theme.colors.text};
  border-left: 4px solid ${({ theme }) => theme.colors.accent};
  padding-left: ${({ theme }) => theme.space.lg};
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

/**
 * One article in full. Opened from a link in the site, it moves focus to the title (a reader of
 * the page the browser loaded starts at the top of the document, as on every page). Back to Blog
 * returns to the list at `listSearch` (its query), naming the article so focus returns to its link.
 */
export function PostDetail({
  post,
  listSearch = '',
  focusTitle,
}: {
  post: BlogPost;
  listSearch?: string;
  focusTitle: boolean;
}) {
  const titleId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!focusTitle) return;
    rootRef.current?.scrollIntoView?.({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [post.slug, focusTitle]);

  return (
    <div ref={rootRef}>
      <Section>
        <Article aria-labelledby={titleId}>
          <LinkButton
            variant="ghost"
            to={{ pathname: PATHS.blog, search: listSearch }}
            state={{ returnedFrom: post.slug } satisfies BlogNavigationState}
          >
            <ArrowLeftIcon size={18} />
            Back to Blog
          </LinkButton>
          <Meta>
            <Badge>{post.category}</Badge>
            <span>
              <CalendarIcon size={16} />
              <time dateTime={post.date}>{formatDate(post.date)}</time>
            </span>
          </Meta>
          <h1 id={titleId} ref={headingRef} tabIndex={-1}>
            {post.title}
          </h1>
          <Byline>
            <span>
              By&nbsp;<strong>{post.author.name}</strong>
            </span>
            <span>
              <ClockIcon size={16} />
              {post.readTime}
            </span>
          </Byline>
          <Tags aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </Tags>
          <Figure>
            <Artwork art={post.image} />
          </Figure>
          <Excerpt>{post.excerpt}</Excerpt>
          <ArticleMarkdown source={post.content} />
          <AuthorBox author={post.author} />
        </Article>
      </Section>
    </div>
  );
}
