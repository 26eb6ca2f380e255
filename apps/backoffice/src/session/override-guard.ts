import { REMOTE_OVERRIDES_STORAGE_KEY } from '@agentora/contracts/apps';

/**
 * Whether this browser loads a remote from a team's override link (a pull request's build, which no
 * release made). Such code runs in the same page as the console and could read its session, so the
 * console does not sign in or show anything while one is active. Unreadable storage counts as none:
 * the shell then cannot keep an override either.
 */
export function overrideActive(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    const stored = JSON.parse(storage?.getItem(REMOTE_OVERRIDES_STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) && stored.length > 0;
  } catch {
    // Unparseable: the shell drops it and loads the releases.
    return false;
  }
}
