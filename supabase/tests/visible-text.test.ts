import { INVISIBLE_RANGES, hasVisibleText } from '../functions/_shared/rules/visible-text.ts';
import { openTestDatabase, type TestDatabase } from '@agentora/local-supabase/testing';

// "Filled in" means something that shows: the forms (libs/forms isBlank), the functions and the CHECK
// constraints share INVISIBLE_RANGES. Every code point of those ranges, and the ones next to them, is
// checked against the database's private.has_visible_text.
let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

const isInvisible = (codePoint: number) =>
  INVISIBLE_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last);

it('agrees with the database on every invisible code point and its neighbours', async () => {
  const codePoints = new Set<number>();
  for (const [first, last] of INVISIBLE_RANGES) {
    for (let codePoint = Math.max(first - 1, 1); codePoint <= last + 1; codePoint += 1) {
      codePoints.add(codePoint);
    }
  }
  const samples = [...codePoints].map((codePoint) => String.fromCodePoint(codePoint));
  const { rows } = await t.asSuperuser(
    'select sample, private.has_visible_text(sample) as visible from unnest($1::text[]) sample',
    [samples],
  );
  for (const { sample, visible } of rows as { sample: string; visible: boolean }[]) {
    const codePoint = sample.codePointAt(0) ?? 0;
    expect({ codePoint: codePoint.toString(16), visible }).toEqual({
      codePoint: codePoint.toString(16),
      visible: !isInvisible(codePoint),
    });
    expect(hasVisibleText(sample)).toBe(visible);
  }
});

describe('names made only of invisible characters', () => {
  const blanks = ['\u00a0\u00a0', '\u200b', '\u200b\u200c\u200d\u2060\ufeff', '\u3164', ' \u2800 '];

  it.each(blanks)(
    '%j is refused in every required and optional text field (23514)',
    async (blank) => {
      const waitlist = {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: `ada.${Date.now()}${Math.random().toString(36).slice(2)}@example.com`,
        company: 'Engines',
      };
      for (const column of ['first_name', 'last_name', 'company', 'role', 'use_case']) {
        const values = { ...waitlist, [column]: blank };
        const names = Object.keys(values);
        await expect(
          t.as(
            'service_role',
            `insert into public.waitlist_signups (${names.join(', ')})
           values (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
            Object.values(values),
          ),
        ).rejects.toMatchObject({
          code: '23514',
          constraint: `waitlist_signups_${column}_visible_check`,
        });
      }
    },
  );

  it('accepts a name with real letters around invisible ones', async () => {
    await expect(
      t.as(
        'service_role',
        `insert into public.waitlist_signups (first_name, last_name, email, company)
         values ($1, 'Lovelace', $2, 'Engines')`,
        ['\u200bAda\u00a0', `ada.visible.${Date.now()}@example.com`],
      ),
    ).resolves.toBeDefined();
  });
});
