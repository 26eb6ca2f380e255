/** @jest-environment node */
import { RemoteTimeoutError, withTimeout } from './timeouts';

describe('withTimeout', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('rejects with a RemoteTimeoutError when the promise does not settle in time', async () => {
    const never = new Promise<string>(() => {});
    const result = withTimeout(never, 8000, 'The "content" area');
    jest.advanceTimersByTime(7999);
    await Promise.resolve();
    const assertion = expect(result).rejects.toThrow(
      new RemoteTimeoutError('The "content" area did not load within 8 s.'),
    );
    jest.advanceTimersByTime(1);
    await assertion;
  });

  it('passes a result through that arrives in time', async () => {
    const result = withTimeout(Promise.resolve('ok'), 8000, 'x');
    await expect(result).resolves.toBe('ok');
  });
});
