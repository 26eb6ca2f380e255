import path from 'node:path';

const PACKAGE_ROOT = path.resolve(import.meta.dirname, '..', '..');
export const REPO_ROOT = path.resolve(PACKAGE_ROOT, '..', '..');

/** Git-ignored (see .gitignore) so local sign-ups and mail never end up in a commit. */
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.local-supabase');
export const DEFAULT_MIGRATIONS_DIR = path.join(REPO_ROOT, 'supabase', 'migrations');
