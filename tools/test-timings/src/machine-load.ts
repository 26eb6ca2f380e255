// How busy the machine was while the run went on: the load average every few seconds, and CPU time
// from Linux's /proc (the machine's, and this process's waited-for children's, which is the run's:
// every phase and what it started, once reaped). Other helpers' work on the same machine shows as
// CPU busy beyond the run's.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { CpuUse, LoadSample } from './model.ts';

/** /proc's clock ticks per second (USER_HZ), 100 on every Linux this runs on. */
const TICK_MS = 10;

export interface CpuTicks {
  machineBusy: number;
  machineTotal: number;
  children: number;
}

/** The machine's busy and total ticks from /proc/stat's `cpu` line (idle and iowait are not busy). */
export function machineTicks(procStat: string): { busy: number; total: number } {
  const line = procStat.split('\n').find((row) => row.startsWith('cpu '));
  if (!line) throw new Error('/proc/stat has no cpu line');
  // user nice system idle iowait irq softirq steal (guest time is already inside user).
  const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((sum, ticks) => sum + ticks, 0);
  return { busy: total - fields[3] - fields[4], total };
}

/** The ticks of a process's waited-for children (cutime + cstime) from its /proc/<pid>/stat. */
export function childTicks(procPidStat: string): number {
  // The command name, in parentheses, may hold spaces: count fields after its closing one.
  const after = procPidStat.slice(procPidStat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of proc(5); `after` starts at field 3.
  return Number(after[13]) + Number(after[14]);
}

export function readCpuTicks(): CpuTicks | null {
  try {
    const machine = machineTicks(readFileSync('/proc/stat', 'utf8'));
    return {
      machineBusy: machine.busy,
      machineTotal: machine.total,
      children: childTicks(readFileSync('/proc/self/stat', 'utf8')),
    };
  } catch {
    return null;
  }
}

/** The CPU time between two readings, in milliseconds. */
export function cpuUse(before: CpuTicks | null, after: CpuTicks | null): CpuUse | null {
  if (!before || !after) return null;
  return {
    machineBusyMs: (after.machineBusy - before.machineBusy) * TICK_MS,
    machineTotalMs: (after.machineTotal - before.machineTotal) * TICK_MS,
    runMs: (after.children - before.children) * TICK_MS,
  };
}

/** Samples the load average now and every `everyMs` until stopped; gives the samples. */
export function sampleLoad(everyMs = 5_000): { stop: () => LoadSample[] } {
  const samples: LoadSample[] = [];
  const sample = () => {
    const [one, five, fifteen] = loadavg();
    samples.push({ atMs: Date.now(), load: [one, five, fifteen] });
  };
  sample();
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return samples;
    },
  };
}
