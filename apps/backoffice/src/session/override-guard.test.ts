/** @jest-environment node */
import { overrideActive } from './override-guard';

const storageWith = (value: string | null) => ({ getItem: () => value });

describe('the override guard', () => {
  it('sees an override the shell keeps, and nothing else', () => {
    expect(
      overrideActive(storageWith('[{"remote":"content","manifest":"https://x/mf-manifest.json"}]')),
    ).toBe(true);
    expect(overrideActive(storageWith('[]'))).toBe(false);
    expect(overrideActive(storageWith(null))).toBe(false);
    expect(overrideActive(undefined)).toBe(false);
    // What the shell would drop as unreadable loads no override either.
    expect(overrideActive(storageWith('{not json'))).toBe(false);
    expect(overrideActive(storageWith('{"remote":"content"}'))).toBe(false);
  });
});
