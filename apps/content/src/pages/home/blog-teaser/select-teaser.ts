import { BLOG_CATEGORIES } from '../../../data/blog/posts';
import type { BlogCategory, BlogPost } from '../../../data/types';

/** The teaser shows the featured post and up to 3 non-featured ones. */
export const TEASER_OTHER_POSTS = 3;

export function selectTeaserPosts(
  posts: readonly BlogPost[],
  count = TEASER_OTHER_POSTS,
): { featured: BlogPost | undefined; others: BlogPost[] } {
  return {
    featured: posts.find((post) => post.featured),
    others: posts.filter((post) => !post.featured).slice(0, count),
  };
}

/** Every category except the 'All' filter entry, in the blog's order. */
export function teaserCategories(): BlogCategory[] {
  return BLOG_CATEGORIES.filter((category): category is BlogCategory => category !== 'All');
}
