import { storageErrors } from './errors.ts';

// storage-api's accepted key characters (src/storage/limits.ts, isValidKey).
const VALID_KEY = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

/** Splits "<bucket>/<object name>" from a URL path tail, percent-decoded, and checks the name. */
export function parseBucketAndName(pathTail: string): { bucket: string; name: string } {
  const segments = pathTail.split('/').filter(Boolean).map(decodeURIComponent);
  const [bucket, ...rest] = segments;
  const name = rest.join('/');
  if (!bucket || name === '' || name.length > 1024 || !VALID_KEY.test(name)) {
    throw storageErrors.invalidKey(name);
  }
  return { bucket, name };
}
