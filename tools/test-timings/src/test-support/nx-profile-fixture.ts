// An NX_PROFILE trace as Nx 24 writes it (TaskProfilingLifeCycle): a thread name per parallel slot,
// then a complete event per task, µs since the epoch.
export const RUN_START_MS = 1_760_000_000_000;

const task = (name: string, startS: number, durS: number, status = 'success', tid = 0) => {
  const [project, target] = name.split(':');
  return {
    name,
    cat: `${project},${target}`,
    ph: 'X',
    ts: (RUN_START_MS + startS * 1000) * 1000,
    dur: durS * 1_000_000,
    pid: 4242,
    tid,
    args: { target: { project, target }, status },
  };
};

export const nxProfile = [
  { name: 'thread_name', ph: 'M', pid: 4242, tid: 0, ts: 0, args: { name: 'Group #1' } },
  task('@agentora/ui:lint', 1, 20),
  { name: 'thread_name', ph: 'M', pid: 4242, tid: 1, ts: 0, args: { name: 'Group #2' } },
  task('@agentora/backend:test', 0.5, 300, 'failure', 1),
  task('@agentora/ui:test', 21, 45),
  task('@agentora/ui:typecheck', 66, 12, 'local-cache'),
];
