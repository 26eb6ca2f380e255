import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInSite } from '@agentora/ui/testing';
import { SubscribeForm } from './SubscribeForm';

describe('community SubscribeForm', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setup() {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { unmount } = renderInSite(<SubscribeForm />);
    return { user, unmount, email: () => screen.getByRole('textbox', { name: 'Email address' }) };
  }

  it('rejects an empty or @-less email with the documented message, and makes no call', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const { user, email } = setup();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(email()).toHaveAttribute('aria-invalid', 'true');

    await user.type(email(), 'jane.example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it.each(['a<victim@example.org>', 'jane@example', 'jane doe@example.com'])(
    'refuses %j with the same email rule as every other form',
    async (address) => {
      const { user, email } = setup();
      await user.type(email(), address);
      await user.click(screen.getByRole('button', { name: 'Subscribe' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    },
  );

  it('is busy for exactly one second, then welcomes the visitor and clears the field', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const { user, email } = setup();
    await user.type(email(), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    const busy = screen.getByRole('button', { name: 'Subscribing...' });
    expect(busy).toBeDisabled();
    expect(screen.queryByRole('status')).toBeNull();

    act(() => jest.advanceTimersByTime(999));
    expect(screen.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    expect(screen.queryByText(/Welcome to the community/)).toBeNull();

    await act(async () => jest.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent(
      "Welcome to the community! You'll receive updates about events and discussions.",
    );
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(email()).toHaveValue('');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('replaces an earlier error once a valid email succeeds', async () => {
    const { user, email } = setup();
    await user.type(email(), 'nope');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.clear(email());
    await user.type(email(), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('status')).toHaveTextContent(/^Welcome to the community!/);
  });

  it('leaves no timer running when the visitor leaves mid-way', async () => {
    const { user, unmount, email } = setup();
    await user.type(email(), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(jest.getTimerCount()).toBe(1);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
