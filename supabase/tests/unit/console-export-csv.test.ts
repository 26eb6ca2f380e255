import { CSV_BOM, csvCell, csvRow } from '../../functions/console-export/csv.ts';
import { CSV_CELL_CASES } from '../test-support/csv-cases.ts';

// The export's cells (the same cases run on Deno in tests/deno/csv.test.ts).
describe('console-export CSV', () => {
  it.each(CSV_CELL_CASES)('%j is written as %j (%s)', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('ends each record with CRLF and separates fields with commas', () => {
    expect(csvRow(['a', 'b, c', null, '=x'])).toBe(`a,"b, c",,'=x\r\n`);
  });

  it('starts a file with the UTF-8 byte order mark', () => {
    expect(new TextEncoder().encode(CSV_BOM)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});
