import { failure, type Answer } from '../api/answer.ts';

// Resend's cursor pagination of its list endpoints: without `limit`, `after` or `before` a list is
// answered whole (has_more false), as Resend answers its older list endpoints; with any of them, a page
// of `limit` items (1 to 100, default 20) after or before the item whose id is the cursor, the cursor
// itself excluded, and has_more saying whether items remain beyond the page.

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

const invalid = (message: string): Answer => failure(422, 'validation_error', message);

export function paginate<Item extends { id: string }>(
  items: Item[],
  query: URLSearchParams | undefined,
): { has_more: boolean; data: Item[] } | Answer {
  const limitParam = query?.get('limit') ?? null;
  const after = query?.get('after') ?? null;
  const before = query?.get('before') ?? null;
  if (limitParam === null && after === null && before === null) {
    return { has_more: false, data: items };
  }
  const limit = limitParam === null ? DEFAULT_LIMIT : Number(limitParam);
  if (!/^\d+$/.test(limitParam ?? String(DEFAULT_LIMIT)) || limit < 1 || limit > MAX_LIMIT) {
    return invalid(`The \`limit\` parameter must be an integer between 1 and ${MAX_LIMIT}.`);
  }
  if (after !== null && before !== null) {
    return invalid('The `after` and `before` parameters cannot be used together.');
  }
  const cursor = after ?? before;
  const at = cursor === null ? -1 : items.findIndex((item) => item.id === cursor);
  if (cursor !== null && at < 0) {
    return invalid(
      `The \`${after !== null ? 'after' : 'before'}\` cursor is not an item of this list.`,
    );
  }
  if (before !== null) {
    const start = Math.max(0, at - limit);
    return { has_more: start > 0, data: items.slice(start, at) };
  }
  const start = at + 1;
  return { has_more: start + limit < items.length, data: items.slice(start, start + limit) };
}
