import { fakeConsoleClient } from '../test-support/fake-client';
import { API, mockFunctionCalls, PUBLISHABLE_KEY } from '../test-support/function-calls';
import { readListQuery, type ListViewQuery } from '../lists/list-query';
import { downloadCsv } from './export-csv';

// The export (docs/console.md): the function console-export, asked with the staff session for the
// list's filters, answers a CSV file that is saved under the name it gives.

let fake: ReturnType<typeof fakeConsoleClient>;
const saved: Array<{ url: string; filename: string }> = [];

jest.mock('../backend/console-client', () => ({
  getConsoleClient: async () => fake.client,
}));
jest.mock('../download/save-file', () => ({
  saveFile: (url: string, filename: string) => saved.push({ url, filename }),
}));

let fetchMock: ReturnType<typeof mockFunctionCalls>;
const list = (search: string) => readListQuery(search) as ListViewQuery;

beforeEach(() => {
  fake = fakeConsoleClient();
  saved.length = 0;
  fetchMock = mockFunctionCalls();
});

it("asks console-export for the list's filters with the session, and saves the file under its name", async () => {
  fake.signIn('me@example.com');
  fetchMock.mockResolvedValue(
    new Response('email\nada@example.com\n', {
      status: 200,
      headers: { 'Content-Disposition': 'attachment; filename="agentora-waitlist-2026-11-26.csv"' },
    }),
  );
  await expect(downloadCsv(list('?view=waitlist&q=ada'))).resolves.toBe(
    'agentora-waitlist-2026-11-26.csv',
  );
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(url).toBe(`${API}/functions/v1/console-export?kind=waitlist&search=ada`);
  expect(init).toEqual({
    method: 'GET',
    headers: { apikey: PUBLISHABLE_KEY, authorization: 'Bearer token' },
  });
  expect(saved).toEqual([
    { url: 'blob:https://agentora.ai/file', filename: 'agentora-waitlist-2026-11-26.csv' },
  ]);
});

it("says the function's reason, or its status, and saves nothing", async () => {
  fake.signIn('me@example.com');
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify({ success: false, error: 'Only staff may export.' }), {
      status: 403,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
  await expect(downloadCsv(list('?view=newsletter'))).rejects.toThrow('Only staff may export.');
  fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
  await expect(downloadCsv(list('?view=newsletter'))).rejects.toThrow('The server answered 502.');
  expect(saved).toEqual([]);
});

it('asks nothing without a session', async () => {
  await expect(downloadCsv(list('?view=newsletter'))).rejects.toThrow(
    'Your session has ended. Sign in again.',
  );
  expect(fetchMock).not.toHaveBeenCalled();
});
