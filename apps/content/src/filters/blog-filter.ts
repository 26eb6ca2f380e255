import { BLOG_CATEGORIES, BLOG_LIST_QUERY } from '@agentora/data';
import type { BlogCategoryFilter, BlogPost } from '../data/types';
import { matchesOption, matchesSearch } from './text-search';

export interface BlogFilter {
  search: string;
  category: BlogCategoryFilter;
}

export const NO_BLOG_FILTER: BlogFilter = { search: '', category: 'All' };

/** Posts matching both the search (title, excerpt, tags) and the category, in their original order. */
export function filterPosts(
  posts: readonly BlogPost[],
  { search, category }: BlogFilter,
): BlogPost[] {
  return posts.filter(
    (post) =>
      matchesOption(category, post.category) &&
      matchesSearch(search, [post.title, post.excerpt, post.tags]),
  );
}

const isCategory = (value: string | null): value is BlogCategoryFilter =>
  (BLOG_CATEGORIES as readonly (string | null)[]).includes(value);

/** The filter a list address asks for (`?search=…&category=…`); an unknown category is 'All'. */
export function blogFilterFromSearch(search: string): BlogFilter {
  const params = new URLSearchParams(search);
  const category = params.get(BLOG_LIST_QUERY.category);
  return {
    search: params.get(BLOG_LIST_QUERY.search) ?? '',
    category: isCategory(category) ? category : 'All',
  };
}

/** The query of a list filtered so: '' for the whole list, else only what is set. */
export function searchOfBlogFilter({ search, category }: BlogFilter): string {
  const params = new URLSearchParams();
  if (search !== '') params.set(BLOG_LIST_QUERY.search, search);
  if (category !== 'All') params.set(BLOG_LIST_QUERY.category, category);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
