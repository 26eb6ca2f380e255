// A git repository of a test's own, with a history to judge builds by: main is first → second →
// third → fourth, and side branches off first. The ancestry check (ancestry.ts) reads it as it reads the
// deploying checkout.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface GitHistory {
  checkout: string;
  first: string;
  second: string;
  third: string;
  fourth: string;
  /** A commit on another branch from first: neither older nor newer than second. */
  side: string;
  remove(): void;
}

export function gitHistory(): GitHistory {
  const checkout = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-history-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
      cwd: checkout,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
  const commit = (message: string) => {
    git('commit', '--quiet', '--allow-empty', '-m', message);
    return git('rev-parse', 'HEAD');
  };
  git('init', '--quiet', '--initial-branch=main');
  const first = commit('first');
  const second = commit('second');
  const third = commit('third');
  const fourth = commit('fourth');
  git('checkout', '--quiet', '-b', 'side', first);
  const side = commit('side');
  return {
    checkout,
    first,
    second,
    third,
    fourth,
    side,
    remove: () => fs.rmSync(checkout, { recursive: true, force: true }),
  };
}
