export function baseMimeType(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

/** A bucket's allowed_mime_types: empty or null allows everything; "type/*" entries are wildcards. */
export function isMimeTypeAllowed(mimeType: string, allowed: readonly string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const base = baseMimeType(mimeType);
  return allowed.some((entry) => {
    const rule = entry.toLowerCase();
    return rule.endsWith('/*') ? base.startsWith(rule.slice(0, -1)) : base === rule;
  });
}
