import { firstDifference, normaliseDump } from './describe.ts';

describe('a description of a database', () => {
  it('keeps nothing of pg_dump that changes from one run or server to the next', () => {
    const dump = [
      '-- Dumped from database version 15.14 (Debian 15.14-0+deb12u1)',
      '-- Dumped by pg_dump version 15.14 (Debian 15.14-0+deb12u1)',
      '\\restrict 4mQ0bYkZ',
      'SET statement_timeout = 0;',
      "SELECT pg_catalog.set_config('search_path', '', false);",
      'CREATE TABLE public.signups (',
      '    id uuid',
      ');',
      '',
      '',
      '',
      '\\unrestrict 4mQ0bYkZ',
    ].join('\n');
    const kept = normaliseDump(dump);
    expect(kept).toBe('CREATE TABLE public.signups (\n    id uuid\n);\n');
  });

  it('answers where two descriptions first differ, with each side’s lines around it', () => {
    const a = ['one', 'two', 'three', 'four'].join('\n');
    const b = ['one', 'two', 'THREE', 'four'].join('\n');
    expect(firstDifference(['left', a], ['right', b], 1)).toBe(
      'at line 3\n  left:\n    two\n    three\n    four\n  right:\n    two\n    THREE\n    four',
    );
    expect(firstDifference(['left', a], ['right', a])).toBeUndefined();
  });
});
