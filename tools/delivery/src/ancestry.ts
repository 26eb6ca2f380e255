// The one rule of every command that puts a build live (docs/deploying-the-site.md, "What a deploy
// refuses"): the build's commit must descend from the commit of the build visitors get now, in the
// history of this checkout. Each build records its commit on the host (deploy.ts's build record:
// `deployed-build.json` at a host's root, and in each `releases/<id>/`), so the check reads both from
// there: `deploy` for the build at an app's root (deploy-site.ts), the release commands and a shell
// deploy with a runtime config of its own for what the runtime config names (configMoves).
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import type { RemoteName, RuntimeConfigJson } from '@agentora/contracts/apps';
import { RELEASES_DIR } from '@agentora/host';
import { BUILD_RECORD, readBuildRecord } from './deploy.ts';
import { pullHostFolder } from './deployed-files.ts';
import { buildFolderOf, hostRootOf } from './release-urls.ts';

/** A commit as git writes it in full, in lower case (SHA-1, or a SHA-256 repository's). */
const FULL_COMMIT = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

export function isCommit(value: unknown): value is string {
  return typeof value === 'string' && FULL_COMMIT.test(value);
}

/**
 * The commit a build comes from: the one given (--commit), else CI's GITHUB_SHA, else this checkout's
 * HEAD; undefined where none is known. It is not checked here: the commands refuse one that is not a
 * full commit (isCommit).
 */
export function buildCommit(checkout: string, given?: string): string | undefined {
  return given ?? process.env.GITHUB_SHA ?? gitHead(checkout);
}

function gitHead(checkout: string): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: checkout, encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

export class OlderBuildError extends Error {
  override name = 'OlderBuildError';
}

export interface DescentCheck {
  /** What would go live, as the refusal names it: `careers`, `careers's canary (<manifest URL>)`. */
  what: string;
  /**
   * The commit of the build live now; undefined where its record names none (a build put on the host
   * before commits were recorded: nothing to compare with).
   */
  live: string | undefined;
  /** The commit of the build that would go live. */
  next: string | undefined;
  /** The git checkout whose history says which commit descends from which. */
  checkout: string;
  /** What the operator can do instead, added to the refusal. */
  instead?: string;
}

/** Refuses (OlderBuildError, one line) a build whose commit does not descend from the live one's. */
export function checkDescends({ what, live, next, checkout, instead }: DescentCheck): void {
  if (live === undefined) return;
  const refuse = (why: string) =>
    new OlderBuildError(`${what}: ${why}: not putting it live.${instead ? ` ${instead}` : ''}`);
  if (!isCommit(live)) throw refuse('the live build records something that is not a commit');
  if (!isCommit(next))
    throw refuse(`its commit is unknown, so nothing shows it descends from the live ${live}`);
  if (live === next) return;
  const git = spawnSync('git', ['merge-base', '--is-ancestor', live, next], {
    cwd: checkout,
    stdio: 'ignore',
  });
  if (git.status === 0) return;
  if (git.status === 1)
    throw refuse(
      `${next} does not descend from ${live}, live now (an older build, or another branch)`,
    );
  throw refuse(
    git.error
      ? `git could not be run (${git.error.message})`
      : `${live} (live) or ${next} is not in the history of ${checkout}: fetch it and run again`,
  );
}

/** A build that a change of the runtime config puts live for a remote, and the stable one it replaces. */
export interface ConfigMove {
  remote: RemoteName;
  role: 'stable' | 'canary';
  /** The manifest URL of the build going live. */
  next: string;
  /** The manifest URL of the remote's stable build before the change. */
  live: string;
}

/**
 * What a change of the runtime config puts live: a remote's new stable build, and a canary set or
 * changed (a share grown since the stable one moved on reaches more visitors with an older build).
 * Each is held to the stable build of before. Withdrawing a canary puts nothing new live.
 */
export function configMoves(before: RuntimeConfigJson, after: RuntimeConfigJson): ConfigMove[] {
  return (Object.keys(after.remotes) as RemoteName[]).flatMap((remote): ConfigMove[] => {
    const live = before.remotes[remote];
    // A remote the live config does not name yet: nothing of it reaches visitors.
    if (live === undefined) return [];
    const stable = after.remotes[remote];
    const canary = after.canaries?.[remote];
    return [
      ...(stable !== live ? [{ remote, role: 'stable' as const, next: stable, live }] : []),
      ...(canary && JSON.stringify(canary) !== JSON.stringify(before.canaries?.[remote])
        ? [{ remote, role: 'canary' as const, next: canary.manifest, live }]
        : []),
    ];
  });
}

/** The commit recorded with the build a manifest URL names (undefined: its record names none). */
export type CommitOf = (manifestUrl: string) => string | undefined;

/**
 * The commits of the builds in host folders read back, by each host's root URL. A manifest on a host
 * not read is refused, never taken for a build that records no commit.
 */
export function commitsIn(hosts: Record<string, string>): CommitOf {
  return (manifestUrl) => {
    const dir = hosts[hostRootOf(manifestUrl)];
    if (dir === undefined)
      throw new OlderBuildError(
        `${manifestUrl} is on a host this command did not read: its commit cannot be checked.`,
      );
    return readBuildRecord(path.join(dir, buildFolderOf(manifestUrl)))?.commit;
  };
}

/** Refuses a change of the runtime config that puts an older build live (checkDescends, per move). */
export function checkConfigMoves(
  moves: ConfigMove[],
  commitOf: CommitOf,
  checkout: string,
  instead?: string,
): void {
  for (const move of moves)
    checkDescends({
      what: `${move.remote}'s ${move.role === 'stable' ? 'stable build' : 'canary'} (${move.next})`,
      live: commitOf(move.live),
      next: commitOf(move.next),
      checkout,
      instead,
    });
}

/** A host's build records: the root's and each release's (all a check needs of a host). */
export const isBuildRecordFile = (file: string) =>
  file === BUILD_RECORD || new RegExp(`^${RELEASES_DIR}/[0-9a-f]+/${BUILD_RECORD}$`).test(file);

/**
 * Reads the build records of the hosts the moves name back from the live site (each checked against
 * its host's list, as every read-back is) into `into`, and gives the commits they record.
 */
export async function liveCommits(moves: ConfigMove[], into: string): Promise<CommitOf> {
  const roots = [...new Set(moves.flatMap((move) => [move.live, move.next]).map(hostRootOf))];
  const hosts: Record<string, string> = {};
  for (const [index, root] of roots.entries()) {
    hosts[root] = path.join(into, `host-${index}`);
    await pullHostFolder({
      from: root,
      into: hosts[root],
      skip: (file) => !isBuildRecordFile(file),
    });
  }
  return commitsIn(hosts);
}
