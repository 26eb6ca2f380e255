import path from 'node:path';

export const WORKSPACE_ROOT = path.resolve(import.meta.dirname, '../..');
