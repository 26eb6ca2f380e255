import { Suspense, lazy, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { DelayedFallback } from '@agentora/ui';
import { BLOG_POSTS } from '../../data/blog/posts';
import type { BlogPost } from '../../data/types';
import { NO_BLOG_FILTER, type BlogFilter } from '../../filters/blog-filter';
import { BlogList } from './BlogList';

// The article view carries the markdown renderer (react-markdown and remark: ~33 KB gzip), which
// the list does not need: it loads when the reader points at or focuses an article's title.
const loadPostDetail = () => import('./PostDetail');
const PostDetail = lazy(() => loadPostDetail().then((module) => ({ default: module.PostDetail })));
const prefetchPostDetail = () => void loadPostDetail();

/**
 * The blog: a filterable list, or one article in place of it (state, not a route: the site's routes
 * have no parameters). The filters live here, so coming back restores the list exactly as it was,
 * and focus returns to the article the reader opened.
 */
export function BlogPage() {
  const [filter, setFilter] = useState<BlogFilter>(NO_BLOG_FILTER);
  const [openPostId, setOpenPostId] = useState<string | null>(null);
  const returnTo = useRef<string | null>(null);
  const triggers = useRef(new Map<string, HTMLButtonElement>());

  const registerTrigger = useCallback((postId: string, button: HTMLButtonElement | null) => {
    if (button) triggers.current.set(postId, button);
    else triggers.current.delete(postId);
  }, []);

  // Layout effect: focus lands before the browser paints the list again, so there is no flash of
  // focus on the page body.
  useLayoutEffect(() => {
    if (openPostId !== null || returnTo.current === null) return;
    triggers.current.get(returnTo.current)?.focus();
    returnTo.current = null;
  }, [openPostId]);

  const openPost = useCallback((post: BlogPost) => setOpenPostId(post.id), []);
  const back = useCallback(() => {
    returnTo.current = openPostId;
    setOpenPostId(null);
  }, [openPostId]);

  const post =
    openPostId === null ? undefined : BLOG_POSTS.find((candidate) => candidate.id === openPostId);
  return post ? (
    <Suspense fallback={<DelayedFallback label="Loading article…" />}>
      <PostDetail post={post} onBack={back} />
    </Suspense>
  ) : (
    <BlogList
      filter={filter}
      onFilterChange={setFilter}
      onOpen={openPost}
      onIntent={prefetchPostDetail}
      registerTrigger={registerTrigger}
    />
  );
}
