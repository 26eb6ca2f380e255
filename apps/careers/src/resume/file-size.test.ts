/** @jest-environment node */
import { formatFileSize } from './file-size';

it.each([
  [0, '0 bytes'],
  [1, '1 byte'],
  [1023, '1023 bytes'],
  [1024, '1 KB'],
  [49_459, '48.3 KB'],
  [5 * 1024 * 1024, '5 MB'],
  [5 * 1024 * 1024 + 1, '5 MB'],
  [6 * 1024 * 1024, '6 MB'],
])('formatFileSize(%d) is %s', (bytes, text) => {
  expect(formatFileSize(bytes)).toBe(text);
});
