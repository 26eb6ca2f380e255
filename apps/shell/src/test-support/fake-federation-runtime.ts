// Component tests run the shell's real remote loader (its one cache, Retry's reset) against a fake
// Module Federation runtime. Each test file mocks the runtime first:
//   jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn(), getInstance: jest.fn(() => ({})), init: jest.fn() }));
import { loadRemote } from '@module-federation/enhanced/runtime';
import { REMOTE_EXPOSES, type RemoteName } from '@agentora/contracts';
import { resetRemote } from '../federation/remote-loader';

export const loadRemoteMock = jest.mocked(loadRemote);

/** What the fake runtime answers for a module id ('careers/CareersPage'): its module, or an Error to fail with. */
export type ModuleAnswer = { default: unknown } | Error;

/**
 * Serves modules by id. A list answers one load after the other, its last answer repeating; an id
 * with no answer fails like a remote that does not expose it.
 */
export function serveModules(answers: Record<string, ModuleAnswer | ModuleAnswer[]>): void {
  const served = new Map<string, number>();
  loadRemoteMock.mockImplementation(async (id: string) => {
    const answer = answers[id];
    if (answer === undefined) throw new Error(`no module ${id}`);
    const list = Array.isArray(answer) ? answer : [answer];
    const index = served.get(id) ?? 0;
    served.set(id, index + 1);
    const next = list[Math.min(index, list.length - 1)]!;
    if (next instanceof Error) throw next;
    return next as never;
  });
}

/** Empties the loader's cache between tests. */
export function forgetLoadedModules(): void {
  for (const remote of Object.keys(REMOTE_EXPOSES) as RemoteName[]) resetRemote(remote);
  loadRemoteMock.mockReset();
}
