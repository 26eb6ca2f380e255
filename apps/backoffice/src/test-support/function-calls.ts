import { setRuntimeConfig } from '@agentora/data';

/** The backend the console's tests run against, and its publishable key. */
export const API = 'https://project.supabase.co';
export const PUBLISHABLE_KEY = 'sb_publishable_test';

/**
 * For the tests of what the console downloads from a function (the export, a résumé): the runtime
 * config's backend at API, every request answered by the returned mock, and object URLs made up.
 */
export function mockFunctionCalls() {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
  global.fetch = fetchMock as unknown as typeof fetch;
  URL.createObjectURL = jest.fn(() => 'blob:https://agentora.ai/file');
  URL.revokeObjectURL = jest.fn();
  setRuntimeConfig({
    remotes: {
      content: 'https://agentora.ai/c',
      signups: 'https://agentora.ai/s',
      careers: 'https://agentora.ai/k',
      backoffice: 'https://agentora.ai/l',
    },
    supabase: { url: API, publishableKey: PUBLISHABLE_KEY },
  });
  return fetchMock;
}
