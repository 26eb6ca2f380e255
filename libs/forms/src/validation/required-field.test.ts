/** @jest-environment node */
import { isBlank } from './required-field';

describe('isBlank', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['\t\n', true],
    ['\u00a0\u00a0', true],
    ['\u200b\u200c\u200d\u2060\ufeff', true],
    ['\u3164', true],
    ['\u2800', true],
    ['Ada', false],
    [' Ada ', false],
    ['\u200bAda', false],
    ['李', false],
  ])('isBlank(%j) is %s', (value, expected) => {
    expect(isBlank(value)).toBe(expected);
  });
});
