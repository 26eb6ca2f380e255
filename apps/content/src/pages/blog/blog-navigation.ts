import type { ArticleSlug } from '@agentora/data';

/**
 * What the blog's links carry in the history entry they make (react-router's location state): an
 * article opened from the list remembers the list's query, so its Back to Blog returns to the list
 * as it was; Back to Blog names the article, so focus returns to that article's link. Opened from
 * anywhere else (a shared link, a search engine), there is nothing to remember: the whole list.
 */
export interface BlogNavigationState {
  /** On an article's entry: the query of the list it was opened from ('' for the whole list). */
  listSearch?: string;
  /** On the list's entry: the article the reader came back from. */
  returnedFrom?: ArticleSlug;
}

/** The blog's state of a location, whatever another page may have put there. */
export function blogNavigationState(state: unknown): BlogNavigationState {
  if (typeof state !== 'object' || state === null) return {};
  const { listSearch, returnedFrom } = state as Record<string, unknown>;
  return {
    ...(typeof listSearch === 'string' && listSearch.startsWith('?') ? { listSearch } : {}),
    ...(typeof returnedFrom === 'string' ? { returnedFrom: returnedFrom as ArticleSlug } : {}),
  };
}
