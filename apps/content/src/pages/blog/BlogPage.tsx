import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  blogFilterFromSearch,
  searchOfBlogFilter,
  type BlogFilter,
} from '../../filters/blog-filter';
import { BlogList } from './BlogList';
import { blogNavigationState } from './blog-navigation';

// The article page carries the markdown renderer (react-markdown and remark: ~33 KB gzip), which
// the list does not need: its code is fetched when the reader points at or focuses an article's
// link, so the page is there when the link is followed.
const prefetchArticle = () => void import('./BlogArticlePage');

/**
 * The blog's list, at /blog. Its search and category are in the address (`?search=…&category=…`),
 * so a filtered list can be shared, and Back to Blog (which returns to the address the article was
 * opened from) shows the list as it was, with focus on the article the reader had opened.
 */
export function BlogPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // The filter is state first, and the address follows it: a field whose value came back through
  // the router would lag behind fast typing.
  const [filter, setFilter] = useState<BlogFilter>(() => blogFilterFromSearch(location.search));
  const written = useRef(location.search);
  const links = useRef(new Map<string, HTMLAnchorElement>());

  // The address changed under the list (the header's Blog link, Back or Forward): show its filter.
  useEffect(() => {
    if (location.search === written.current) return;
    written.current = location.search;
    setFilter(blogFilterFromSearch(location.search));
  }, [location.search]);

  const changeFilter = useCallback(
    (next: BlogFilter) => {
      setFilter(next);
      written.current = searchOfBlogFilter(next);
      void navigate({ search: written.current }, { replace: true });
    },
    [navigate],
  );

  const registerLink = useCallback((slug: string, link: HTMLAnchorElement | null) => {
    if (link) links.current.set(slug, link);
    else links.current.delete(slug);
  }, []);

  // Layout effect: focus lands before the browser paints the list, so there is no flash of focus
  // on the page body.
  const { returnedFrom } = blogNavigationState(location.state);
  useLayoutEffect(() => {
    if (returnedFrom) links.current.get(returnedFrom)?.focus();
  }, [returnedFrom, location.key]);

  return (
    <BlogList
      filter={filter}
      onFilterChange={changeFilter}
      listSearch={searchOfBlogFilter(filter)}
      onIntent={prefetchArticle}
      registerLink={registerLink}
    />
  );
}
