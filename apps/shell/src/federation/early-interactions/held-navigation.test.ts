// A move to another #anchor of the page while a prerendered part has not hydrated reaches the
// router (any popstate listener added after the entry's) once the parts have hydrated or are gone.
type EarlyInteractions = typeof import('./index');

describe('a popstate while a prerendered part waits for its code', () => {
  let early: EarlyInteractions;
  let part: HTMLDivElement;
  let other: HTMLDivElement;
  const router = jest.fn();
  const intended: Element[] = [];

  beforeEach(() => {
    router.mockReset();
    intended.length = 0;
    window.history.replaceState(null, '', '/');
    part = document.createElement('div');
    other = document.createElement('div');
    document.body.append(part, other);
    jest.isolateModules(() => {
      early = jest.requireActual<EarlyInteractions>('./index');
    });
    part.setAttribute(early.PART_ATTRIBUTE, 'content/HomePage');
    other.setAttribute(early.PART_ATTRIBUTE, 'signups/FooterNewsletter');
    early.watchEarlyInteractions();
    window.addEventListener('popstate', router);
    early.onEarlyIntent((element) => intended.push(element));
  });
  afterEach(() => {
    window.removeEventListener('popstate', router);
    part.remove();
    other.remove();
    jest.useRealTimers();
  });

  const moveTo = (address: string) => {
    window.history.pushState(null, '', address);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  };
  const microtasks = () => new Promise<void>((resolve) => queueMicrotask(resolve));

  it('is held, starts loading the parts, and reaches the router once, as the last part hydrates', async () => {
    moveTo('/#vision');
    moveTo('/#roadmap');
    await microtasks();
    expect(router).not.toHaveBeenCalled();
    expect(intended).toEqual(expect.arrayContaining([part, other]));

    early.partHydrated(part);
    await microtasks();
    expect(router).not.toHaveBeenCalled();
    early.partHydrated(other);
    await microtasks();
    await microtasks();
    // At once, not at the next recheck.
    expect(router).toHaveBeenCalledTimes(1);
  });

  it('is let through once the waiting parts are gone (a part that failed is replaced)', () => {
    jest.useFakeTimers();
    moveTo('/#vision');
    early.partHydrated(part);
    jest.advanceTimersByTime(1000);
    expect(router).not.toHaveBeenCalled();
    other.remove();
    jest.advanceTimersByTime(100);
    expect(router).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1000);
    expect(router).toHaveBeenCalledTimes(1);
  });

  it('is let through after HOLD_NAVIGATION_AT_MOST_MS if the parts never hydrate', () => {
    jest.useFakeTimers();
    moveTo('/#vision');
    jest.advanceTimersByTime(early.HOLD_NAVIGATION_AT_MOST_MS - 200);
    expect(router).not.toHaveBeenCalled();
    jest.advanceTimersByTime(300);
    expect(router).toHaveBeenCalledTimes(1);
  });

  it('goes straight to the router for another page, or once no prerendered part waits', () => {
    moveTo('/about');
    expect(router).toHaveBeenCalledTimes(1);
    window.history.replaceState(null, '', '/');
    early.partHydrated(part);
    early.partHydrated(other);
    moveTo('/#blog');
    expect(router).toHaveBeenCalledTimes(2);
  });
});
