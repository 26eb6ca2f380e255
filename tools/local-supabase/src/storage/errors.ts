/**
 * storage-api's error body. Its HTTP status is 400 for every client error, with the real status as a
 * string in `statusCode` (storage-api's error handler), which is what supabase-js reports.
 */
export interface StorageErrorBody {
  statusCode: string;
  code: string;
  error: string;
  message: string;
}

export class StorageFailure extends Error {
  override name = 'StorageFailure';
  readonly body: StorageErrorBody;
  readonly httpStatus: number;

  constructor(statusCode: number, code: string, error: string, message: string) {
    super(message);
    this.body = { statusCode: String(statusCode), code, error, message };
    this.httpStatus = statusCode >= 500 ? statusCode : 400;
  }
}

export const storageErrors = {
  noSuchBucket: () =>
    new StorageFailure(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageFailure(404, 'NoSuchKey', 'not_found', 'Object not found'),
  entityTooLarge: () =>
    new StorageFailure(
      413,
      'EntityTooLarge',
      'Payload too large',
      'The object exceeded the maximum allowed size',
    ),
  invalidMimeType: (mimeType: string) =>
    new StorageFailure(
      415,
      'InvalidMimeType',
      'invalid_mime_type',
      `mime type ${mimeType} is not supported`,
    ),
  duplicate: () => new StorageFailure(409, 'Duplicate', 'Duplicate', 'The resource already exists'),
  accessDenied: (message: string) =>
    new StorageFailure(403, 'AccessDenied', 'Unauthorized', message),
  invalidKey: (key: string) =>
    new StorageFailure(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  invalidRequest: (message: string) =>
    new StorageFailure(400, 'InvalidRequest', 'InvalidRequest', message),
  invalidJwt: (message: string) => new StorageFailure(403, 'InvalidJWT', 'Unauthorized', message),
  notFound: (message: string) => new StorageFailure(404, 'NotFound', 'Not Found', message),
  internal: () => new StorageFailure(500, 'InternalError', 'Internal', 'Internal Server Error'),
};

interface PgError {
  code: string;
  message: string;
}

function isPgError(error: unknown): error is PgError {
  return typeof error === 'object' && error !== null && typeof (error as PgError).code === 'string';
}

/** Database errors as storage-api reports them. */
export function toStorageFailure(error: unknown): StorageFailure {
  if (error instanceof StorageFailure) return error;
  if (isPgError(error)) {
    switch (error.code) {
      case '23505':
        return storageErrors.duplicate();
      case '42501':
        return storageErrors.accessDenied(
          error.message.includes('row-level security')
            ? 'new row violates row-level security policy'
            : error.message,
        );
      case '23503':
        return storageErrors.noSuchBucket();
    }
  }
  return storageErrors.internal();
}
