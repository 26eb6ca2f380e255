/** RFC 9110 token: the characters a media type's type, subtype and parameter names are made of. */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";

/**
 * `type/subtype`, optionally with one `charset` parameter (plain or quoted token), nothing else. Any other
 * parameter, a list (`application/pdf;a=b,text/html`) or stray characters fail to match: a value that
 * browsers might read as another type than the one checked is refused rather than interpreted.
 */
const MEDIA_TYPE = new RegExp(
  `^(${TOKEN})/(${TOKEN})(?:[ \\t]*;[ \\t]*charset=(?:(${TOKEN})|"(${TOKEN})"))?$`,
  'i',
);

/** A declared Content-Type as exactly one media type: lowercase `type/subtype` and its charset. */
export interface MediaType {
  essence: string;
  charset: string | undefined;
}

export function parseMediaType(value: string): MediaType | undefined {
  const match = MEDIA_TYPE.exec(value.trim());
  if (!match) return undefined;
  const [, type, subtype, plainCharset, quotedCharset] = match;
  return {
    essence: `${type}/${subtype}`.toLowerCase(),
    charset: (plainCharset ?? quotedCharset)?.toLowerCase(),
  };
}

/**
 * The Content-Type to store for an upload declared as `declared`, or undefined when the bucket's
 * allowed_mime_types refuse it. An allowlist entry matches the exact type, case-insensitively, or all
 * subtypes for `type/*`; what is stored is then the bare type, so the object is served as exactly one
 * of the allowed types. A bucket without a list takes any single media type (with its charset).
 */
export function storedContentType(
  declared: string,
  allowed: readonly string[] | null,
): string | undefined {
  const media = parseMediaType(declared);
  if (!media) return undefined;
  if (!allowed || allowed.length === 0)
    return media.charset ? `${media.essence}; charset=${media.charset}` : media.essence;
  const [type] = media.essence.split('/');
  const permitted = allowed.some((entry) => {
    const rule = entry.trim().toLowerCase();
    return rule === media.essence || rule === `${type}/*`;
  });
  return permitted ? media.essence : undefined;
}
