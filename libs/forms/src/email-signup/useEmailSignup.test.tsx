import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEmailSignup, type EmailSignupOptions } from './useEmailSignup';

function Harness(options: EmailSignupOptions) {
  const signup = useEmailSignup(options);
  return (
    <form noValidate onSubmit={signup.handleSubmit}>
      <label>
        Email
        <input
          name="email"
          type="email"
          value={signup.email}
          onChange={(event) => signup.setEmail(event.target.value)}
          aria-invalid={signup.emailInvalid || undefined}
        />
      </label>
      <label>
        Trap
        <input
          name="trap"
          value={signup.honeypot}
          onChange={(event) => signup.setHoneypot(event.target.value)}
        />
      </label>
      <button type="submit" disabled={signup.busy}>
        Send
      </button>
      {signup.showResult && <p data-status={signup.status}>{signup.message}</p>}
    </form>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const base = { honeypotMessage: 'Thanks (trap)', failureMessage: 'Failed.' };

describe('useEmailSignup', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

  it('refuses an invalid address without sending it, marks the field and focuses it', async () => {
    const submit = jest.fn();
    render(<Harness {...base} send={submit} errorResetMs={3000} />);
    const u = user();
    await u.type(screen.getByLabelText('Email'), 'nope');
    await u.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Please enter a valid email address')).toHaveAttribute(
      'data-status',
      'error',
    );
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(submit).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('sends the trimmed address once, ignores a second submit while busy, and clears the field on success', async () => {
    const reply = deferred<{ ok: boolean; message: string }>();
    const submit = jest.fn(() => reply.promise);
    render(<Harness {...base} send={submit} successResetMs={5000} />);
    const u = user();
    await u.type(screen.getByLabelText('Email'), '  jane@example.com ');
    await u.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await u.type(screen.getByLabelText('Email'), '{Enter}');
    expect(submit).toHaveBeenCalledTimes(1);
    // A form without a bot check sends no token.
    expect(submit).toHaveBeenCalledWith(
      { email: 'jane@example.com' },
      expect.any(AbortSignal),
      undefined,
    );

    await act(async () => reply.resolve({ ok: true, message: 'Done' }));
    expect(screen.getByText('Done')).toHaveAttribute('data-status', 'success');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByText('Done')).not.toBeInTheDocument();
  });

  it('keeps the address after a failure', async () => {
    const submit = jest.fn(async () => ({ ok: false, message: 'Nope, try again' }));
    render(<Harness {...base} send={submit} />);
    const u = user();
    await u.type(screen.getByLabelText('Email'), 'jane@example.com');
    await u.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Nope, try again')).toHaveAttribute('data-status', 'error');
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('turns a throwing send into the failure message', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const submit = jest.fn(async () => {
      throw new Error('boom');
    });
    render(<Harness {...base} send={submit} />);
    const u = user();
    await u.type(screen.getByLabelText('Email'), 'jane@example.com');
    await u.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed.')).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('treats a filled honeypot as a success and sends nothing', async () => {
    const submit = jest.fn();
    render(<Harness {...base} send={submit} />);
    const u = user();
    await u.type(screen.getByLabelText('Trap'), 'http://spam.example');
    await u.type(screen.getByLabelText('Email'), 'bot@example.com');
    await u.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Thanks (trap)')).toHaveAttribute('data-status', 'success');
    expect(submit).not.toHaveBeenCalled();
  });

  it('does nothing when the reply lands after unmount', async () => {
    const reply = deferred<{ ok: boolean; message: string }>();
    const { unmount } = render(
      <Harness {...base} send={() => reply.promise} successResetMs={5000} />,
    );
    const u = user();
    await u.type(screen.getByLabelText('Email'), 'jane@example.com');
    await u.click(screen.getByRole('button', { name: 'Send' }));
    unmount();
    const setTimeoutSpy = jest.spyOn(globalThis, 'setTimeout');
    await act(async () => reply.resolve({ ok: true, message: 'Done' }));
    // A success would have started the 5 s reset timer, which nothing would clear any more.
    expect(setTimeoutSpy).not.toHaveBeenCalledWith(expect.any(Function), 5000);
    setTimeoutSpy.mockRestore();
  });
});
