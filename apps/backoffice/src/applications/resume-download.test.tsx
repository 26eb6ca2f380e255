import { act, screen } from '@testing-library/react';
import { fakeTimerUser, renderInSite } from '@agentora/ui/testing';
import { fakeConsoleClient } from '../test-support/fake-client';
import { API, mockFunctionCalls, PUBLISHABLE_KEY } from '../test-support/function-calls';
import { ApplicationPage } from './ApplicationPage';

// The Download résumé button (docs/console.md): the file comes from the function console-resume, which
// checks staff and logs the opening at every download, and is saved from the bytes. The console never
// signs a storage link, which would outlive the staff member's access (docs/security.md, "Résumés").

let fake: ReturnType<typeof fakeConsoleClient>;
const saved: Array<{ url: string; filename: string }> = [];

jest.mock('../backend/console-client', () => ({
  getConsoleClient: async () => fake.client,
}));
jest.mock('../download/save-file', () => ({
  saveFile: (url: string, filename: string) => saved.push({ url, filename }),
}));

let fetchMock: ReturnType<typeof mockFunctionCalls>;

beforeEach(() => {
  jest.useFakeTimers();
  fake = fakeConsoleClient();
  fake.signIn('me@example.com');
  saved.length = 0;
  fetchMock = mockFunctionCalls();
  fake.answer('console_application', () => ({
    id: 'app-1',
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.com',
    status: 'pending',
    created_at: '2026-11-20T10:00:00Z',
    resume_filename: 'grace.pdf',
    history: [],
  }));
});

afterEach(() => {
  jest.useRealTimers();
});

async function settle() {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
}

async function clickDownload() {
  const user = fakeTimerUser();
  renderInSite(<ApplicationPage id="app-1" />, { route: '/console?application=app-1' });
  await settle();
  await user.click(screen.getByRole('button', { name: 'Download résumé (grace.pdf)' }));
  await settle();
}

describe('Download résumé', () => {
  it('fetches the file from console-resume with the session, saves it under its name, signs nothing', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Blob(['%PDF-1.7']), {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="grace.pdf"' },
      }),
    );
    await clickDownload();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(`${API}/functions/v1/console-resume`);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({
      apikey: PUBLISHABLE_KEY,
      authorization: 'Bearer token',
      'content-type': 'application/json',
    });
    expect(JSON.parse(init.body as string)).toEqual({ id: 'app-1' });
    expect(saved).toEqual([{ url: 'blob:https://agentora.ai/file', filename: 'grace.pdf' }]);
    // The function logs the opening; the console asks the database nothing else for it, and the fake
    // client has no storage to sign with.
    expect(fake.calls.map((call) => call.name)).toEqual(['console_application']);
  });

  it('says why when the server refuses, and saves nothing', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ success: false, error: 'Only staff may open résumés.' }), {
        status: 403,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await clickDownload();
    expect(
      screen.getByText("The résumé couldn't be opened. Only staff may open résumés."),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
