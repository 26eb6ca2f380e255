// Header fields a mail carries besides From/To/Subject. Their values come from our own URLs and tokens,
// never from a visitor; the check below is the fence that keeps it so (a CR or LF would start a header
// of its own).
const HEADER_NAME = /^[A-Za-z0-9-]+$/;
const HEADER_VALUE = /^[\x20-\x7e]*$/;

export function mailHeaders(
  fields: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  for (const [name, value] of Object.entries(fields)) {
    if (!HEADER_NAME.test(name) || !HEADER_VALUE.test(value)) {
      throw new Error(`Refusing the mail header ${JSON.stringify(name)}: ${JSON.stringify(value)}`);
    }
  }
  return fields;
}

/**
 * RFC 8058 one-click unsubscribe: mailbox providers show an Unsubscribe button and POST
 * `List-Unsubscribe=One-Click` to the https URL, without a browser. RFC 2369 clients open the URL instead;
 * the function answers their GET by redirecting to the site's page.
 */
export function listUnsubscribeHeaders(oneClickUrl: string): Readonly<Record<string, string>> {
  return mailHeaders({
    'List-Unsubscribe': `<${oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
}
