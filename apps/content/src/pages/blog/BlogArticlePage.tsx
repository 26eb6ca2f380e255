import { useLocation } from 'react-router-dom';
import { articlePath } from '@agentora/data';
import { BLOG_POSTS } from '../../data/blog/posts';
import { PostDetail } from './PostDetail';
import { blogNavigationState } from './blog-navigation';

/** The article a path shows; the router matches a trailing slash too. */
function postAt(pathname: string) {
  const path = pathname.replace(/\/+$/, '');
  return BLOG_POSTS.find((post) => articlePath(post.slug) === path);
}

/**
 * An article at its own address, /blog/<slug>. The shell routes only the addresses of the site's
 * articles here, so a path without one is a routing failure: it throws, and the shell shows the
 * error page in its place (an unknown slug never gets here: it is an unknown route).
 */
export function BlogArticlePage() {
  const location = useLocation();
  const post = postAt(location.pathname);
  if (!post) throw new Error(`No article at ${location.pathname}`);
  const { listSearch } = blogNavigationState(location.state);
  // location.key is 'default' on the page the browser loaded, and set by every navigation after it.
  return <PostDetail post={post} listSearch={listSearch} focusTitle={location.key !== 'default'} />;
}
