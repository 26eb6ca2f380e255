// Who serves a port with `wrangler dev`: one claim file per address, made exclusively, naming the
// process that asked (the owner) and, once it runs, wrangler's process group. Two reasons:
//
// - Two runs asking for one port at once (two `npm run preview`, a test and a preview) both find it
//   free, both start wrangler, one of them fails to bind, and polling the address would find the
//   other's server answering and take it for its own. The claim makes the second refuse at once.
// - A run killed with its whole process group (a CI timeout's SIGKILL) takes the guard with it
//   (wrangler-guard.ts), and wrangler and workerd, in a group of their own, stay on the port. The next
//   claim finds its owner dead and ends the group it names before serving there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where the claims live: one folder per machine user, outside any run's own temp folders. */
export const CLAIMS_DIR = path.join(os.tmpdir(), `agentora-wrangler-ports-${os.userInfo().uid}`);

export interface PortClaim {
  /** The process that serves the port (serveFolder's caller). */
  owner: number;
  /** wrangler's process group, written by the guard once it started it. */
  group?: number;
}

export const claimFile = (host: string, port: number) =>
  path.join(CLAIMS_DIR, `${host.replace(/[^0-9A-Za-z.-]/g, '_')}-${port}.json`);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, and belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readClaim(file: string): PortClaim | undefined {
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<PortClaim>;
    return Number.isInteger(value.owner) && value.owner! > 0 ? (value as PortClaim) : undefined;
  } catch {
    return undefined;
  }
}

/** Is this process group a wrangler we started? Its leader's command line says (Linux's /proc). */
function isWranglerGroup(group: number): boolean {
  try {
    return fs.readFileSync(`/proc/${group}/cmdline`, 'utf8').includes('wrangler');
  } catch {
    // No /proc (macOS): the group is taken on the claim's word.
    return alive(group);
  }
}

async function endGroup(group: number): Promise<void> {
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    return;
  }
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    try {
      process.kill(-group, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Claims host:port for this process; refuses while another live process holds it, and ends what a
 * dead owner left serving there. Returns the claim's file, to pass to the guard and to release.
 */
export async function claimPort(host: string, port: number): Promise<string> {
  fs.mkdirSync(CLAIMS_DIR, { recursive: true, mode: 0o700 });
  const file = claimFile(host, port);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify({ owner: process.pid } satisfies PortClaim), {
        flag: 'wx',
      });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const claim = readClaim(file);
    if (claim && alive(claim.owner))
      throw new Error(
        `Port ${port} on ${host} is being served by process ${claim.owner} (another preview or test run): stop it, or use other ports.`,
      );
    if (claim?.group && isWranglerGroup(claim.group)) await endGroup(claim.group);
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not claim port ${port} on ${host}: ${file} keeps coming back.`);
}

/** The guard names wrangler's process group in the claim, for a later run to end if need be. */
export function recordGroup(file: string, group: number): void {
  const claim = readClaim(file);
  if (claim) fs.writeFileSync(file, JSON.stringify({ ...claim, group } satisfies PortClaim));
}

/** Ends the wrangler group a claim of this process names (its guard is gone or stuck). */
export async function endClaimedGroup(file: string): Promise<void> {
  const claim = readClaim(file);
  if (claim?.owner === process.pid && claim.group && isWranglerGroup(claim.group))
    await endGroup(claim.group);
}

/** Gives the port up, if the claim is still this process's. */
export function releasePort(file: string): void {
  if (readClaim(file)?.owner === process.pid) fs.rmSync(file, { force: true });
}
