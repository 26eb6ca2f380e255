import path from 'node:path';

const PACKAGE_ROOT = path.resolve(import.meta.dirname, '..', '..');
export const REPO_ROOT = path.resolve(PACKAGE_ROOT, '..', '..');

/** Git-ignored (see .gitignore) so local sign-ups and mail never end up in a commit. */
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.local-supabase');
/** The Supabase project (@agentora/backend): config.toml, migrations, functions. */
export const SUPABASE_DIR = path.join(REPO_ROOT, 'supabase');
export const DEFAULT_MIGRATIONS_DIR = path.join(SUPABASE_DIR, 'migrations');
/** Run by Deno before each function's index.ts (deno/edge-runtime.ts). */
export const EDGE_RUNTIME_PRELOAD = path.join(PACKAGE_ROOT, 'deno', 'edge-runtime.ts');
