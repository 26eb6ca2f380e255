import { tasksOfNxProfile } from './nx-profile';
import { nxProfile, RUN_START_MS } from './test-support/nx-profile-fixture';

describe('an Nx profile', () => {
  it('gives each task its project, target, start, duration and status, in the order they started', () => {
    const tasks = tasksOfNxProfile(nxProfile, 2);
    expect(tasks.map((task) => task.id)).toEqual([
      '@agentora/backend:test',
      '@agentora/ui:lint',
      '@agentora/ui:test',
      '@agentora/ui:typecheck',
    ]);
    expect(tasks[0]).toEqual({
      phase: 2,
      id: '@agentora/backend:test',
      project: '@agentora/backend',
      target: 'test',
      startMs: RUN_START_MS + 500,
      durationMs: 300_000,
      status: 'failure',
    });
    expect(tasks[3].status).toBe('local-cache');
  });

  it('is empty when Nx ran no task', () => {
    expect(tasksOfNxProfile([], 1)).toEqual([]);
  });

  it('refuses what is not a trace, or a task event without its times', () => {
    expect(() => tasksOfNxProfile({}, 1)).toThrow('JSON array');
    expect(() => tasksOfNxProfile([{ ph: 'X', name: 'a:b', ts: 1 }], 1)).toThrow('lacks');
  });
});
