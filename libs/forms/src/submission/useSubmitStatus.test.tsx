import { act, renderHook } from '@testing-library/react';
import { useSubmitStatus } from './useSubmitStatus';

describe('useSubmitStatus', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('goes busy, then success, and back to idle with the message cleared after the reset time', () => {
    const { result } = renderHook(() => useSubmitStatus({ successResetMs: 5000 }));
    expect(result.current).toMatchObject({
      status: 'idle',
      message: '',
      busy: false,
      showResult: false,
    });

    act(() => void result.current.begin());
    expect(result.current).toMatchObject({ busy: true, showResult: false });

    act(() => result.current.succeed('Thanks!'));
    expect(result.current).toMatchObject({
      status: 'success',
      message: 'Thanks!',
      busy: false,
      showResult: true,
    });

    act(() => jest.advanceTimersByTime(4999));
    expect(result.current.status).toBe('success');
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toMatchObject({ status: 'idle', message: '', showResult: false });
  });

  it('keeps an error until the next attempt when no error reset is set', () => {
    const { result } = renderHook(() => useSubmitStatus({ successResetMs: 5000 }));
    act(() => void result.current.begin());
    act(() => result.current.fail('Failed'));
    act(() => jest.advanceTimersByTime(60_000));
    expect(result.current).toMatchObject({ status: 'error', message: 'Failed', showResult: true });

    // The next attempt hides the old result while it runs.
    act(() => void result.current.begin());
    expect(result.current.showResult).toBe(false);
  });

  it('hides an error after errorResetMs when one is given', () => {
    const { result } = renderHook(() => useSubmitStatus({ errorResetMs: 3000 }));
    act(() => result.current.fail('Please enter a valid email address'));
    act(() => jest.advanceTimersByTime(2999));
    expect(result.current.status).toBe('error');
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.status).toBe('idle');
  });

  it('refuses a second submit while one is in progress', () => {
    const { result } = renderHook(() => useSubmitStatus());
    let first = false;
    let second = true;
    act(() => {
      first = result.current.begin();
      second = result.current.begin();
    });
    expect(first).toBe(true);
    expect(second).toBe(false);
  });

  it('clears its timer on unmount, so nothing updates a form that is gone', () => {
    const { result, unmount } = renderHook(() => useSubmitStatus({ successResetMs: 5000 }));
    act(() => result.current.succeed('ok'));
    expect(jest.getTimerCount()).toBe(1);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
