/** @jest-environment node */
import { BackendError } from './backend-error';

describe('BackendError', () => {
  it('keeps the code, details, hint and status it is given, and is an Error', () => {
    const cause = new Error('underneath');
    const error = new BackendError('refused', {
      code: 'PT429',
      details: 'd',
      hint: 'h',
      status: 429,
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'BackendError',
      message: 'refused',
      code: 'PT429',
      details: 'd',
      hint: 'h',
      status: 429,
      cause,
    });
  });

  it('has no cause when given none', () => {
    expect('cause' in new BackendError('x')).toBe(false);
  });
});
