import { useId } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { articlePath, BRAND } from '@agentora/data';
import { SectionTitle } from '@agentora/ui';
import { BLOG_CATEGORIES, BLOG_POSTS } from '../../data/blog/posts';
import type { BlogPost } from '../../data/types';
import { filterPosts, NO_BLOG_FILTER, type BlogFilter } from '../../filters/blog-filter';
import { splitFeatured } from '../../filters/featured';
import { PostCard } from '../../components/blog/PostCard';
import { FilterBar } from '../../components/filters/FilterBar';
import { OptionSelect } from '../../components/filters/OptionSelect';
import { ResultStatus } from '../../components/filters/ResultStatus';
import { SearchBox } from '../../components/filters/SearchBox';
import { FollowSection } from '../../components/page/FollowSection';
import { PageHero } from '../../components/page/PageHero';
import { StatList } from '../../components/stats/StatList';
import { CardList } from '../../components/cards/CardList';
import type { BlogNavigationState } from './blog-navigation';

export const NO_ARTICLES_MESSAGE = 'No articles found matching your criteria.';

/** Categories a post can have: the select's entries minus 'All'. */
const CATEGORY_COUNT = BLOG_CATEGORIES.filter((category) => category !== 'All').length;

const Block = styled.div`
  margin-bottom: ${({ theme }) => theme.space.xxl};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

export interface BlogListProps {
  filter: BlogFilter;
  onFilterChange: (filter: BlogFilter) => void;
  /** The list's query as it is now: an article opened from it returns to it. */
  listSearch: string;
  /** The reader is about to open an article (pointer over, or focus on, its title). */
  onIntent?: () => void;
  /** Lets the page give focus back to an article's link when the reader returns. */
  registerLink: (slug: string, link: HTMLAnchorElement | null) => void;
}

export function BlogList({
  filter,
  onFilterChange,
  listSearch,
  onIntent,
  registerLink,
}: BlogListProps) {
  const featuredTitleId = useId();
  const gridTitleId = useId();
  const { featured, rest } = splitFeatured(filterPosts(BLOG_POSTS, filter));
  const shown = (featured ? 1 : 0) + rest.length;

  const titleLink = (post: BlogPost) => (
    <Link
      to={articlePath(post.slug)}
      state={{ listSearch } satisfies BlogNavigationState}
      ref={(link) => registerLink(post.slug, link)}
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      {post.title}
    </Link>
  );

  return (
    <>
      <PageHero
        eyebrow="Insights & Updates"
        title={`The ${BRAND} Blog`}
        lead="Analysis, guides and news on AI agents, the agent economy and the marketplace we are building."
      >
        <StatList
          stats={[
            { value: String(BLOG_POSTS.length), label: 'Articles' },
            { value: String(CATEGORY_COUNT), label: 'Categories' },
          ]}
        />
      </PageHero>
      <FollowSection>
        <FilterBar label="Filter articles" selects={1}>
          <SearchBox
            label="Search articles"
            placeholder="Search by title, topic or tag"
            value={filter.search}
            onChange={(search) => onFilterChange({ ...filter, search })}
          />
          <OptionSelect
            label="Category"
            name="category"
            options={BLOG_CATEGORIES}
            value={filter.category}
            onChange={(category) => onFilterChange({ ...filter, category })}
          />
        </FilterBar>
        <ResultStatus
          shown={shown}
          total={BLOG_POSTS.length}
          noun="articles"
          emptyMessage={NO_ARTICLES_MESSAGE}
          onClear={() => onFilterChange(NO_BLOG_FILTER)}
        />
        {featured && (
          <Block as="section" aria-labelledby={featuredTitleId}>
            <SectionTitle id={featuredTitleId}>Featured Article</SectionTitle>
            <PostCard post={featured} featured title={titleLink(featured)} />
          </Block>
        )}
        {rest.length > 0 && (
          <Block as="section" aria-labelledby={gridTitleId}>
            <SectionTitle id={gridTitleId}>{featured ? 'More Articles' : 'Articles'}</SectionTitle>
            <CardList $min="250px" $tracks="fill">
              {rest.map((post) => (
                <li key={post.slug}>
                  <PostCard post={post} title={titleLink(post)} />
                </li>
              ))}
            </CardList>
          </Block>
        )}
      </FollowSection>
    </>
  );
}
