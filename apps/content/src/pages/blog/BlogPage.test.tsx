import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInSite } from '@agentora/ui/testing';
import { outlineProblems } from '../../test-support/headings';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ARTICLES, articlePath, PATHS } from '@agentora/data';
import { BLOG_POSTS } from '../../data/blog/posts';
import { BlogPage } from './BlogPage';
import { BlogArticlePage } from './BlogArticlePage';

const COMPUTE_POOL = BLOG_POSTS.find(
  (post) => post.slug === 'inside-the-shared-global-compute-pool',
)!;
const FEATURED = BLOG_POSTS.find((post) => post.featured)!;

const shownTitles = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('[data-post-id] h3')).map((heading) => heading.textContent);

function setup() {
  const user = userEvent.setup({ delay: null });
  const view = renderInSite(<BlogPage />, { route: '/blog' });
  return {
    user,
    ...view,
    search: () => screen.getByRole('searchbox', { name: 'Search articles' }),
    category: () => screen.getByRole('combobox', { name: 'Category' }),
  };
}

describe('BlogPage list', () => {
  it('shows the article count and the category count (minus All) in the hero', () => {
    setup();
    const hero = screen.getByRole('region', { name: /Blog/ });
    const stats = within(hero)
      .getAllByRole('definition')
      .map((value) => [value.previousSibling?.textContent, value.textContent]);
    expect(stats).toEqual([
      ['Articles', '5'],
      ['Categories', '6'],
    ]);
  });

  it('shows the featured article apart and the other four in the grid', () => {
    const { container } = setup();
    const featured = screen.getByRole('region', { name: 'Featured Article' });
    expect(within(featured).getByRole('link', { name: FEATURED.title })).toHaveAttribute(
      'href',
      `/blog/${FEATURED.slug}`,
    );
    const more = screen.getByRole('region', { name: 'More Articles' });
    expect(within(more).getAllByRole('listitem')).toHaveLength(4);
    expect(shownTitles(container)).toHaveLength(5);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 5 of 5 articles');
  });

  it('offers exactly the seven categories', () => {
    setup();
    const options = within(screen.getByRole('combobox', { name: 'Category' })).getAllByRole(
      'option',
    );
    expect(options.map((option) => option.textContent)).toEqual([
      'All',
      'AI Agents',
      'Market Analysis',
      'Tutorial',
      'Technology',
      'Case Study',
      'Business Strategy',
    ]);
  });

  it('narrows live by search, by category, and by both combined', async () => {
    const { user, container, search, category } = setup();
    await user.type(search(), '  COMPUTE ');
    expect(shownTitles(container)).toEqual([FEATURED.title, COMPUTE_POOL.title]);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 of 5 articles');

    await user.selectOptions(category(), 'Technology');
    expect(shownTitles(container)).toEqual([COMPUTE_POOL.title]);
    expect(screen.queryByRole('region', { name: 'Featured Article' })).toBeNull();

    await user.clear(search());
    await user.selectOptions(category(), 'Business Strategy');
    expect(shownTitles(container)).toEqual([
      'Pricing Your AI Agent: One-Time, Monthly or Pay-Per-Use',
    ]);
  });

  it('shows the exact empty message when nothing matches, and Clear filters brings everything back', async () => {
    const { user, container, search, category } = setup();
    await user.type(search(), 'pricing');
    await user.selectOptions(category(), 'Technology');
    expect(shownTitles(container)).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent(
      /^No articles found matching your criteria\.$/,
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(shownTitles(container)).toHaveLength(5);
    expect(search()).toHaveValue('');
    expect(category()).toHaveValue('All');

    await user.selectOptions(category(), 'Case Study');
    expect(screen.getByText('No articles found matching your criteria.')).toBeInTheDocument();
  });

  it('has one h1 and no skipped heading levels', () => {
    const { container } = setup();
    expect(outlineProblems(container)).toEqual([]);
  });
});

describe('BlogPage and the article pages', () => {
  /** The list and the article pages as the shell routes them, and the address as it is. */
  function setupSite(route = '/blog') {
    const user = userEvent.setup({ delay: null });
    let location = '';
    function Address() {
      const { pathname, search } = useLocation();
      location = `${pathname}${search}`;
      return null;
    }
    const view = renderInSite(
      <>
        <Routes>
          <Route path={PATHS.blog} element={<BlogPage />} />
          {ARTICLES.map((article) => (
            <Route
              key={article.slug}
              path={articlePath(article.slug)}
              element={<BlogArticlePage />}
            />
          ))}
        </Routes>
        <Address />
      </>,
      { route },
    );
    return { user, ...view, address: () => location };
  }

  it('links each article to its own address, and the article there keeps the detail view', async () => {
    const { user, container, address } = setupSite();
    await user.type(screen.getByRole('searchbox', { name: 'Search articles' }), 'compute');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Technology');
    expect(address()).toBe('/blog?search=compute&category=Technology');

    const link = screen.getByRole('link', { name: COMPUTE_POOL.title });
    expect(link).toHaveAttribute('href', '/blog/inside-the-shared-global-compute-pool');
    await user.click(link);

    expect(address()).toBe('/blog/inside-the-shared-global-compute-pool');
    const title = await screen.findByRole('heading', { level: 1, name: COMPUTE_POOL.title });
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(title).toHaveFocus();
    const article = screen.getByRole('article', { name: COMPUTE_POOL.title });
    expect(within(article).getByText('Technology')).toBeInTheDocument();
    expect(within(article).getByText('September 16, 2025')).toHaveAttribute(
      'datetime',
      '2025-09-16',
    );
    expect(within(article).getAllByText('Sofia Martins').length).toBeGreaterThan(0);
    expect(within(article).getByText('7 min read')).toBeInTheDocument();
    const tags = within(article).getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['Infrastructure', 'Compute', 'Scaling']);
    expect(within(article).getByRole('img', { name: COMPUTE_POOL.image.alt })).toBeInTheDocument();
    expect(within(article).getByText(COMPUTE_POOL.excerpt)).toBeInTheDocument();
    expect(
      within(article).getByRole('heading', { level: 2, name: 'How pooling works' }),
    ).toBeInTheDocument();
    expect(
      within(article).getByRole('complementary', { name: 'About the Author' }),
    ).toHaveTextContent('Platform Engineer');
    expect(outlineProblems(container)).toEqual([]);

    const back = screen.getByRole('link', { name: 'Back to Blog' });
    expect(back).toHaveAttribute('href', '/blog?search=compute&category=Technology');
    await user.click(back);

    expect(address()).toBe('/blog?search=compute&category=Technology');
    expect(screen.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('compute');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Technology');
    expect(shownTitles(container)).toEqual([COMPUTE_POOL.title]);
    expect(screen.getByRole('link', { name: COMPUTE_POOL.title })).toHaveFocus();
  });

  it('opened at its address from elsewhere: Back to Blog goes to the whole list, and focus stays put', () => {
    const { container } = setupSite(articlePath(FEATURED.slug));
    const title = screen.getByRole('heading', { level: 1, name: FEATURED.title });
    expect(title).not.toHaveFocus();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByText(COMPUTE_POOL.title)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
    expect(outlineProblems(container)).toEqual([]);
  });

  it('a list address with a filter shows the list filtered; clearing the filters clears the address', async () => {
    const { user, container, address } = setupSite('/blog?category=Tutorial');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Tutorial');
    expect(shownTitles(container)).toEqual([
      'Deploying Your First AI Agent: From Search to One-Click Run',
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'All');
    expect(address()).toBe('/blog');
    expect(shownTitles(container)).toHaveLength(5);
  });
});
