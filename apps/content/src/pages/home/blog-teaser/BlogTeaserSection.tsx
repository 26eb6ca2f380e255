import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ArrowRightIcon, Chip, LinkButton, Section, up } from '@agentora/ui';
import { BLOG_POSTS } from '../../../data/blog/posts';
import { PostCard } from '../../../components/blog/PostCard';
import { SectionHeader } from '../../../components/page/SectionHeader';
import { selectTeaserPosts, teaserCategories } from './select-teaser';
import { PATHS } from '@agentora/data';

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const Others = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${up('md')} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  > li {
    display: flex;
  }
  > li > * {
    flex: 1;
  }
`;

const Categories = styled.nav`
  margin-top: ${({ theme }) => theme.space.xl};
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: ${({ theme }) => theme.space.sm};
  }
`;

const ChipLink = styled(Chip).attrs({ as: Link })`
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space.xl};
`;

export function BlogTeaserSection() {
  const titleId = useId();
  const categoriesTitleId = useId();
  const { featured, others } = selectTeaserPosts(BLOG_POSTS);
  return (
    <Section id="blog" tone="raised" aria-labelledby={titleId}>
      <SectionHeader
        titleId={titleId}
        eyebrow="From the Blog"
        title="Latest insights"
        lead="Analysis, guides and news on AI agents and the agent economy."
      />
      <Layout>
        {featured && (
          <PostCard
            post={featured}
            featured
            title={<Link to={PATHS.blog}>{featured.title}</Link>}
          />
        )}
        <Others aria-label="More articles">
          {others.map((post) => (
            <li key={post.slug}>
              <PostCard post={post} title={<Link to={PATHS.blog}>{post.title}</Link>} />
            </li>
          ))}
        </Others>
      </Layout>
      <Categories aria-labelledby={categoriesTitleId}>
        <h3 id={categoriesTitleId}>Browse by category</h3>
        <ul>
          {teaserCategories().map((category) => (
            <li key={category}>
              <ChipLink to={PATHS.blog}>{category}</ChipLink>
            </li>
          ))}
        </ul>
      </Categories>
      <More>
        <LinkButton to={PATHS.blog} variant="secondary">
          View All Articles
          <ArrowRightIcon size={18} />
        </LinkButton>
      </More>
    </Section>
  );
}
