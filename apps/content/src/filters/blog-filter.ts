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
