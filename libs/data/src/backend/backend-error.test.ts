import {
  BackendError,
  fromPostgrestError,
  isDuplicateKeyError,
  isRateLimitError,
} from './backend-error';

describe('BackendError', () => {
  it('keeps PostgREST code, details, hint and status', () => {
    const error = fromPostgrestError(
      {
        message: 'duplicate key value violates unique constraint "x"',
        code: '23505',
        details: 'Key exists',
        hint: null,
      },
      409,
    );
    expect(error).toBeInstanceOf(BackendError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'BackendError',
      message: 'duplicate key value violates unique constraint "x"',
      code: '23505',
      details: 'Key exists',
      hint: undefined,
      status: 409,
    });
  });

  it('has no status when no HTTP answer came back', () => {
    expect(
      fromPostgrestError(
        { message: 'TypeError: fetch failed', code: '', details: '', hint: '' },
        0,
      ),
    ).toMatchObject({ code: undefined, status: undefined });
  });
});

describe('isDuplicateKeyError', () => {
  it('is true only for SQLSTATE 23505', () => {
    expect(isDuplicateKeyError(new BackendError('dup', { code: '23505' }))).toBe(true);
    expect(isDuplicateKeyError({ code: '23505', message: 'plain PostgREST error object' })).toBe(
      true,
    );
    expect(isDuplicateKeyError(new BackendError('check', { code: '23514' }))).toBe(false);
    expect(isDuplicateKeyError(new Error('duplicate key value'))).toBe(false);
    expect(isDuplicateKeyError(null)).toBe(false);
    expect(isDuplicateKeyError('23505')).toBe(false);
  });
});

describe('isRateLimitError', () => {
  it('is true for SQLSTATE PT429 or HTTP 429 only', () => {
    expect(isRateLimitError(new BackendError('too many', { code: 'PT429', status: 429 }))).toBe(
      true,
    );
    expect(isRateLimitError({ status: 429 })).toBe(true);
    expect(isRateLimitError(new BackendError('dup', { code: '23505', status: 409 }))).toBe(false);
    expect(isRateLimitError(new BackendError('array', { code: 'PT400', status: 400 }))).toBe(false);
    expect(isRateLimitError(null)).toBe(false);
    expect(isRateLimitError('PT429')).toBe(false);
  });
});
