// react-dom, the largest package a prerendered page starts, takes two tasks: its chunk is loaded (and
// compiled) in one, its module runs in a later one (react-dom-loader.ts).
const mockEvents: string[] = [];
jest.mock('react-dom/client', () => {
  mockEvents.push('react-dom runs');
  return {};
});

describe('evaluateInSteps', () => {
  afterEach(() => jest.restoreAllMocks());

  it('runs react-dom in a task after the one that loads it, once', async () => {
    const realSetTimeout = setTimeout;
    jest.spyOn(global, 'setTimeout').mockImplementation(((callback: () => void, ms?: number) =>
      realSetTimeout(() => {
        mockEvents.push('new task');
        callback();
      }, ms)) as typeof setTimeout);
    jest.doMock('./react-dom-loader', () => {
      mockEvents.push('react-dom loaded');
      return jest.requireActual('./react-dom-loader');
    });
    const { evaluateInSteps } = await import('./start-in-steps');

    await evaluateInSteps();

    const loaded = mockEvents.indexOf('react-dom loaded');
    const ran = mockEvents.indexOf('react-dom runs');
    expect(loaded).toBeGreaterThan(-1);
    expect(mockEvents.slice(loaded, ran)).toContain('new task');
    expect(mockEvents.filter((event) => event === 'react-dom runs')).toHaveLength(1);
  });
});
