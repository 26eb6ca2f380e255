import { childTicks, cpuUse, machineTicks, sampleLoad } from './machine-load';

describe("the machine's load", () => {
  it("reads the machine's busy and total ticks from /proc/stat, idle and iowait not busy", () => {
    const stat = 'cpu  100 5 50 800 40 3 2 0 7 0\ncpu0 50 2 25 400 20 1 1 0 0 0\nintr 1 2\n';
    expect(machineTicks(stat)).toEqual({ busy: 160, total: 1000 });
    expect(() => machineTicks('intr 1')).toThrow('no cpu line');
  });

  it("reads a process's children's ticks, whatever its command name holds", () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime …
    const stat = '4242 (node main) x) S 1 4242 4242 0 -1 4194304 10 20 0 0 7 3 1200 300 20 0 1 0';
    expect(childTicks(stat)).toBe(1500);
  });

  it('gives the CPU time between two readings in milliseconds, or none without both', () => {
    expect(
      cpuUse(
        { machineBusy: 100, machineTotal: 1_000, children: 10 },
        { machineBusy: 400, machineTotal: 1_400, children: 210 },
      ),
    ).toEqual({ machineBusyMs: 3_000, machineTotalMs: 4_000, runMs: 2_000 });
    expect(cpuUse(null, { machineBusy: 1, machineTotal: 1, children: 1 })).toBeNull();
  });

  it('samples the load average at its start and its stop', () => {
    const samples = sampleLoad(60_000).stop();
    expect(samples).toHaveLength(2);
    expect(samples[0].load).toHaveLength(3);
    expect(samples[1].atMs).toBeGreaterThanOrEqual(samples[0].atMs);
  });
});
