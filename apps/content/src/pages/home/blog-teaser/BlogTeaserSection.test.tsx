import { screen, within } from '@testing-library/react';
import { renderInSite } from '@agentora/ui/testing';
import { BLOG_POSTS } from '../../../data/blog/posts';
import type { BlogPost } from '../../../data/types';
import { BlogTeaserSection } from './BlogTeaserSection';
import { selectTeaserPosts, teaserCategories } from './select-teaser';

describe('selectTeaserPosts', () => {
  it('picks the featured post and the first 3 non-featured ones', () => {
    const { featured, others } = selectTeaserPosts(BLOG_POSTS);
    expect(featured?.category).toBe('Market Analysis');
    expect(others).toHaveLength(3);
    expect(others.every((post) => !post.featured)).toBe(true);
    expect(others).toEqual(BLOG_POSTS.filter((post) => !post.featured).slice(0, 3));
  });

  it('shows fewer when fewer exist ("up to 3") and no featured card when none is featured', () => {
    const two = BLOG_POSTS.filter((post) => !post.featured).slice(0, 2);
    expect(selectTeaserPosts(two)).toEqual({ featured: undefined, others: two });
    const many: BlogPost[] = [
      ...BLOG_POSTS,
      { ...BLOG_POSTS[1], slug: 'extra' as BlogPost['slug'] },
    ];
    expect(selectTeaserPosts(many).others).toHaveLength(3);
  });

  it('lists every category except All', () => {
    expect(teaserCategories()).toEqual([
      'AI Agents',
      'Market Analysis',
      'Tutorial',
      'Technology',
      'Case Study',
      'Business Strategy',
    ]);
  });
});

describe('BlogTeaserSection', () => {
  it('renders the featured post and 3 others, each linking to /blog', () => {
    const { container } = renderInSite(<BlogTeaserSection />);
    const section = container.querySelector('section#blog') as HTMLElement;
    expect(section).not.toBeNull();
    const cards = section.querySelectorAll('[data-post-id]');
    expect(cards).toHaveLength(4);
    const { featured, others } = selectTeaserPosts(BLOG_POSTS);
    expect(Array.from(cards).map((card) => card.getAttribute('data-post-id'))).toEqual([
      featured!.slug,
      ...others.map((post) => post.slug),
    ]);
    for (const post of [featured!, ...others]) {
      expect(screen.getByRole('link', { name: post.title })).toHaveAttribute('href', '/blog');
    }
    // The fifth (oldest) non-featured post is not in the teaser.
    const left = BLOG_POSTS.filter((post) => !post.featured)[3];
    expect(screen.queryByText(left.title)).toBeNull();
  });

  it('has a chip linking to /blog for every category except All', () => {
    renderInSite(<BlogTeaserSection />);
    const nav = screen.getByRole('navigation', { name: 'Browse by category' });
    const chips = within(nav).getAllByRole('link');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'AI Agents',
      'Market Analysis',
      'Tutorial',
      'Technology',
      'Case Study',
      'Business Strategy',
    ]);
    for (const chip of chips) expect(chip).toHaveAttribute('href', '/blog');
    expect(within(nav).queryByText('All')).toBeNull();
  });
});
