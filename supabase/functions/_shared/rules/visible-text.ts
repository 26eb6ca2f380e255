// What counts as "filled in" for a text field: at least one character that shows. Whitespace of any kind,
// control characters, and the zero-width and filler characters used to fake a blank name do not. The
// tables' CHECK constraints (private.has_visible_text in supabase/schemas/signups.sql) list the same
// ranges; supabase/tests/visible-text.test.ts checks every code point of them against the database.

/** [first, last] code point ranges of characters that show nothing on their own. */
export const INVISIBLE_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x0020], // C0 controls and space
  [0x007f, 0x00a0], // DEL, C1 controls, no-break space
  [0x00ad, 0x00ad], // soft hyphen
  [0x034f, 0x034f], // combining grapheme joiner
  [0x061c, 0x061c], // Arabic letter mark
  [0x115f, 0x1160], // Hangul choseong and jungseong fillers
  [0x1680, 0x1680], // Ogham space mark
  [0x180e, 0x180e], // Mongolian vowel separator
  [0x2000, 0x200f], // en quad ... right-to-left mark (spaces, zero-width space and joiners)
  [0x2028, 0x202f], // line and paragraph separators, bidi embeddings, narrow no-break space
  [0x205f, 0x206f], // medium mathematical space, word joiner, invisible operators, bidi isolates
  [0x2800, 0x2800], // Braille pattern blank
  [0x3000, 0x3000], // ideographic space
  [0x3164, 0x3164], // Hangul filler
  [0xfe00, 0xfe0f], // variation selectors
  [0xfeff, 0xfeff], // zero-width no-break space (BOM)
  [0xffa0, 0xffa0], // halfwidth Hangul filler
  [0xe0000, 0xe007f], // tag characters
];

const hex = (codePoint: number) => `\\u{${codePoint.toString(16)}}`;
const VISIBLE = new RegExp(
  `[^${INVISIBLE_RANGES.map(([first, last]) => (first === last ? hex(first) : `${hex(first)}-${hex(last)}`)).join('')}]`,
  'u',
);

/** False for '', spaces of any kind, or only zero-width and filler characters. */
export function hasVisibleText(value: string): boolean {
  return VISIBLE.test(value);
}
