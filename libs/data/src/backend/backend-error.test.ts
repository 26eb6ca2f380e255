import {
  BackendError,
  fromPostgrestError,
  fromStorageError,
  isDuplicateKeyError,
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

  it('keeps the storage code and HTTP status', () => {
    expect(
      fromStorageError({
        message: 'The object exceeded the maximum allowed size',
        status: 400,
        statusCode: '413',
        code: 'EntityTooLarge',
      }),
    ).toMatchObject({
      code: 'EntityTooLarge',
      status: 400,
      details: 'storage statusCode 413',
    });
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
