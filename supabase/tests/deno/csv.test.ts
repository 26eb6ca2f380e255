// console-export's cells on Deno, where the function runs (the same cases as the Jest test).
import { csvCell, csvRow } from '../../functions/console-export/csv.ts';
import { CSV_CELL_CASES } from '../test-support/csv-cases.ts';
import { assertEquals } from './assert.ts';

Deno.test('console-export writes each cell as RFC 4180 does, formulas neutralised', () => {
  for (const [value, cell, why] of CSV_CELL_CASES) assertEquals(csvCell(value), cell, why);
  assertEquals(csvRow(['a', 'b, c', null, '=x']), `a,"b, c",,'=x\r\n`);
});
