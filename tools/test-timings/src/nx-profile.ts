// Nx writes a Chrome trace of the tasks it ran when NX_PROFILE names a file (nx.dev, "Performance
// profiling"): one complete event (`ph: 'X'`) per task, `ts` and `dur` in microseconds since the epoch,
// the task's target and status in `args`. The timed run sets NX_PROFILE for each phase.
import type { TaskTiming } from './model.ts';

interface TraceEvent {
  name?: unknown;
  ph?: unknown;
  ts?: unknown;
  dur?: unknown;
  args?: { target?: { project?: unknown; target?: unknown }; status?: unknown };
}

/** The tasks of one phase's NX_PROFILE trace, in the order they started. */
export function tasksOfNxProfile(trace: unknown, phase: number): TaskTiming[] {
  if (!Array.isArray(trace)) throw new Error('an Nx profile is a JSON array of trace events');
  return (trace as TraceEvent[])
    .filter((event) => event.ph === 'X')
    .map((event) => {
      const { name, ts, dur, args } = event;
      if (typeof name !== 'string' || typeof ts !== 'number' || typeof dur !== 'number')
        throw new Error(
          `an Nx profile's task event lacks its name, ts or dur: ${JSON.stringify(event)}`,
        );
      const [project, target] = splitTaskId(name);
      return {
        phase,
        id: name,
        project: typeof args?.target?.project === 'string' ? args.target.project : project,
        target: typeof args?.target?.target === 'string' ? args.target.target : target,
        startMs: ts / 1000,
        durationMs: dur / 1000,
        status: typeof args?.status === 'string' ? args.status : 'unknown',
      };
    })
    .sort((a, b) => a.startMs - b.startMs);
}

/** `@scope/name:target` (or `…:target:configuration`) into project and target. */
function splitTaskId(id: string): [string, string] {
  const [project, target = ''] = id.split(':');
  return [project, target];
}
