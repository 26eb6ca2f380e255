/** The query parameter that opens one application's page in the console (`?application=<id>`). */
export const APPLICATION_PARAM = 'application';

export function applicationSearch(id: string): string {
  return `?${new URLSearchParams({ [APPLICATION_PARAM]: id }).toString()}`;
}
