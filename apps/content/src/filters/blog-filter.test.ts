/** @jest-environment node */
import { BLOG_POSTS } from '../data/blog/posts';
import type { BlogPost } from '../data/types';
import {
  NO_BLOG_FILTER,
  blogFilterFromSearch,
  filterPosts,
  searchOfBlogFilter,
} from './blog-filter';

// Made-up posts: their slugs are not the site's (the cast), and only the filter reads them.
const post = (id: string, overrides: Partial<BlogPost>): BlogPost => ({
  ...BLOG_POSTS[0],
  slug: id as BlogPost['slug'],
  title: `Title ${id}`,
  excerpt: `Excerpt ${id}`,
  content: `Body of ${id} mentions zeppelin`,
  tags: [],
  featured: false,
  ...overrides,
});

const posts: BlogPost[] = [
  post('a', { title: 'Agents at Scale', category: 'AI Agents', tags: ['Compute'] }),
  post('b', { excerpt: 'How the compute pool schedules runs', category: 'Technology' }),
  post('c', { title: 'Pricing guide', category: 'Business Strategy', tags: ['Creators'] }),
  post('d', { title: 'Market outlook', category: 'Market Analysis', featured: true }),
];
const ids = (list: BlogPost[]) => list.map((item) => item.slug);

describe('filterPosts', () => {
  it('returns every post, in order, with no search and category All', () => {
    expect(ids(filterPosts(posts, NO_BLOG_FILTER))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(filterPosts(posts, { search: '   ', category: 'All' }))).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('search alone matches title, excerpt and tags, case-insensitively and trimmed', () => {
    expect(ids(filterPosts(posts, { search: '  COMPUTE ', category: 'All' }))).toEqual(['a', 'b']); // tag, excerpt
    expect(ids(filterPosts(posts, { search: 'pricing', category: 'All' }))).toEqual(['c']); // title
    expect(ids(filterPosts(posts, { search: 'creators', category: 'All' }))).toEqual(['c']); // tag
  });

  it('search does not look into the article body', () => {
    expect(filterPosts(posts, { search: 'zeppelin', category: 'All' })).toEqual([]);
  });

  it('category alone keeps only that category', () => {
    expect(ids(filterPosts(posts, { search: '', category: 'Technology' }))).toEqual(['b']);
    expect(filterPosts(posts, { search: '', category: 'Case Study' })).toEqual([]);
  });

  it('search and category combine: a post must match both', () => {
    expect(ids(filterPosts(posts, { search: 'compute', category: 'AI Agents' }))).toEqual(['a']);
    expect(filterPosts(posts, { search: 'pricing', category: 'Technology' })).toEqual([]);
  });

  it('works on the built-in posts', () => {
    expect(ids(filterPosts(BLOG_POSTS, { search: 'market', category: 'Market Analysis' }))).toEqual(
      ['ai-agent-economy-2026-market-analysis'],
    );
    expect(filterPosts(BLOG_POSTS, { search: 'no such article', category: 'All' })).toEqual([]);
  });
});

describe('the list address', () => {
  it('says only what is set, and reads back as the same filter', () => {
    expect(searchOfBlogFilter(NO_BLOG_FILTER)).toBe('');
    const both = { search: 'compute & co', category: 'Technology' } as const;
    expect(searchOfBlogFilter(both)).toBe('?search=compute+%26+co&category=Technology');
    expect(blogFilterFromSearch(searchOfBlogFilter(both))).toEqual(both);
    expect(searchOfBlogFilter({ search: '', category: 'Tutorial' })).toBe('?category=Tutorial');
    expect(blogFilterFromSearch('')).toEqual(NO_BLOG_FILTER);
  });

  it('takes an unknown or repeated category as All, and ignores other parameters', () => {
    expect(blogFilterFromSearch('?category=Nope&search=x&utm_source=feed')).toEqual({
      search: 'x',
      category: 'All',
    });
    expect(blogFilterFromSearch('?category=Technology&category=Tutorial').category).toBe(
      'Technology',
    );
    expect(blogFilterFromSearch('?category=%3Cscript%3E').category).toBe('All');
  });
});
