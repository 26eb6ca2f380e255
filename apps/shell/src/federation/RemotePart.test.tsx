import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppThemeProvider } from '@agentora/ui';
import { RemotePart } from './RemotePart';
import { loadExposed, resetRemote } from './remote-loader';

jest.mock('./remote-loader', () => ({ loadExposed: jest.fn(), resetRemote: jest.fn() }));

const loadExposedMock = loadExposed as jest.MockedFunction<typeof loadExposed>;

describe('RemotePart', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    loadExposedMock.mockReset();
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows a failure with Retry when the remote cannot load, and really reloads on Retry', async () => {
    loadExposedMock.mockRejectedValueOnce(new Error('connection refused'));
    loadExposedMock.mockResolvedValueOnce({ default: () => <h1>Careers at Agentora</h1> } as never);

    render(
      <AppThemeProvider>
        <RemotePart remote="careers" expose="./CareersPage" props={{}} variant="page" />
      </AppThemeProvider>,
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page is temporarily unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Careers at Agentora' })).toBeInTheDocument();
    expect(resetRemote).toHaveBeenCalledWith('careers');
    expect(loadExposedMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('catches a remote that throws while rendering, so only its area degrades', async () => {
    loadExposedMock.mockResolvedValue({
      default: () => {
        throw new Error('bug in the remote');
      },
    } as never);
    render(
      <AppThemeProvider>
        <p>Header stays</p>
        <RemotePart remote="signups" expose="./FooterNewsletter" props={{}} variant="inline" />
      </AppThemeProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This form could not be loaded right now.');
    expect(screen.getByText('Header stays')).toBeInTheDocument();
  });

  it('passes the contract props through to the remote module', async () => {
    loadExposedMock.mockResolvedValue({
      default: ({ earlyAccessSlot }: { earlyAccessSlot: React.ReactNode }) => <div>{earlyAccessSlot}</div>,
    } as never);
    render(
      <AppThemeProvider>
        <RemotePart remote="content" expose="./HomePage" props={{ earlyAccessSlot: <p>slot content</p>, newsletterSlot: null }} variant="page" />
      </AppThemeProvider>,
    );
    expect(await screen.findByText('slot content')).toBeInTheDocument();
  });
});
