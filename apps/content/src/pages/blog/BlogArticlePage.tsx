import { useSyncExternalStore } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { articlePath } from '@agentora/data';
import { BLOG_POSTS } from '../../data/blog/posts';
import { PostDetail } from './PostDetail';
import { blogNavigationState } from './blog-navigation';

/** The article a path shows; the router matches a trailing slash too. */
function postAt(pathname: string) {
  const path = pathname.replace(/\/+$/, '');
  return BLOG_POSTS.find((post) => articlePath(post.slug) === path);
}

/** The history entry's state does not change under a rendered page: nothing to subscribe to. */
const subscribeToNothing = () => () => {};

/**
 * An article at its own address, /blog/<slug>. The shell routes only the addresses of the site's
 * articles here, so a path without one is a routing failure: it throws, and the shell shows the
 * error page in its place (an unknown slug never gets here: it is an unknown route).
 */
export function BlogArticlePage() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const post = postAt(location.pathname);
  if (!post) throw new Error(`No article at ${location.pathname}`);
  // The list's query comes from the history entry, which a reload restores but the page's HTML
  // (rendered without it) cannot know: hydration renders the HTML's Back to Blog link (the server
  // snapshot), then React points it at the list the reader came from.
  const fromList = blogNavigationState(location.state).listSearch ?? '';
  const listSearch = useSyncExternalStore(
    subscribeToNothing,
    () => fromList,
    () => '',
  );
  // Focus moves to the title only when a link in the site opened the article (PUSH); a reload or
  // Back (POP) leaves the page where the browser put it.
  return <PostDetail post={post} listSearch={listSearch} focusTitle={navigationType === 'PUSH'} />;
}
