import {
  onEarlyIntent,
  partHydrated,
  PART_ATTRIBUTE,
  watchEarlyInteractions,
} from './early-interactions';

// A move to another #anchor while a prerendered part has not hydrated reaches the router (any
// popstate listener added after the entry's) only once the part has hydrated or is gone.
describe('a popstate while a prerendered part waits for its code', () => {
  const part = document.createElement('div');
  const other = document.createElement('div');
  const router = jest.fn();
  const intended: Element[] = [];

  beforeAll(() => {
    part.setAttribute(PART_ATTRIBUTE, 'content/HomePage');
    other.setAttribute(PART_ATTRIBUTE, 'careers/CareersPage');
    document.body.append(part, other);
    watchEarlyInteractions();
    window.addEventListener('popstate', router);
    onEarlyIntent((element) => intended.push(element));
  });
  beforeEach(() => {
    jest.useFakeTimers();
    router.mockReset();
  });
  afterEach(() => jest.useRealTimers());

  const popState = () => window.dispatchEvent(new PopStateEvent('popstate', { state: null }));

  it('is held, starts loading the parts, and reaches the router once when they have hydrated or are gone', async () => {
    popState();
    popState();
    await Promise.resolve();
    expect(router).not.toHaveBeenCalled();
    expect(intended).toEqual(expect.arrayContaining([part, other]));

    partHydrated(part);
    await Promise.resolve();
    jest.advanceTimersByTime(1000);
    // The other part still waits.
    expect(router).not.toHaveBeenCalled();

    // A part that failed is replaced by its message: nothing is left to wait for.
    other.remove();
    jest.advanceTimersByTime(100);
    expect(router).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1000);
    expect(router).toHaveBeenCalledTimes(1);
  });

  it('goes straight to the router once no prerendered part waits', () => {
    popState();
    expect(router).toHaveBeenCalledTimes(1);
  });
});
