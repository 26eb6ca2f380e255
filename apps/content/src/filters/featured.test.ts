/** @jest-environment node */
import { splitFeatured } from './featured';

describe('splitFeatured', () => {
  it('takes the featured item out of the list', () => {
    const items = [
      { id: 1, featured: false },
      { id: 2, featured: true },
      { id: 3, featured: false },
    ];
    expect(splitFeatured(items)).toEqual({ featured: items[1], rest: [items[0], items[2]] });
  });

  it('has no featured item when the filters removed it', () => {
    const items = [{ id: 1, featured: false }];
    expect(splitFeatured(items)).toEqual({ featured: undefined, rest: items });
  });
});
