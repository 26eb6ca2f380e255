import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  fakeBotCheck,
  FAKE_BOT_CHECK_SCRIPT_URL,
  type FakeBotCheck,
} from '../test-support/fake-bot-check';
import { BOT_CHECK_FAILED_MESSAGE } from '../validation/messages';
import { useSubmitFlow, type FormCheck, type SubmitOutcome } from './useSubmitFlow';

interface Values {
  name: string;
  city: string;
}

const EMPTY: Values = { name: '', city: '' };

function check(values: Values): FormCheck<Values, keyof Values> {
  const fieldErrors: Partial<Record<keyof Values, string>> = {};
  if (values.name.trim() === '') fieldErrors.name = 'Name needed';
  if (values.city.trim() === '') fieldErrors.city = 'City needed';
  const invalidFields = (['name', 'city'] as const).filter((field) => fieldErrors[field]);
  if (invalidFields.length === 0)
    return { ok: true, values: { name: values.name.trim(), city: values.city.trim() } };
  return { ok: false, message: 'Fill in everything', fieldErrors, invalidFields };
}

function Harness({
  send,
  onCleared,
  botCheckAction,
}: {
  send: (values: Values, signal: AbortSignal, botCheckToken?: string) => Promise<SubmitOutcome>;
  onCleared: () => void;
  botCheckAction?: string;
}) {
  const flow = useSubmitFlow({
    initialValues: EMPTY,
    check,
    send,
    botCheckAction,
    honeypotMessage: 'Thanks',
    failureMessage: 'Failed.',
    onCleared,
  });
  const { formProps, widgetContainer } = flow.botCheck;
  return (
    <form noValidate onSubmit={flow.handleSubmit} {...formProps}>
      {(['name', 'city'] as const).map((field) => (
        <label key={field}>
          {field}
          <input
            name={field}
            value={flow.values[field]}
            onChange={(event) => flow.setField(field, event.target.value)}
            aria-invalid={flow.fieldErrors[field] ? true : undefined}
          />
        </label>
      ))}
      <label>
        Trap
        <input
          name="trap"
          value={flow.honeypot}
          onChange={(event) => flow.setHoneypot(event.target.value)}
        />
      </label>
      {widgetContainer && <div ref={widgetContainer} />}
      <button type="submit">Send</button>
      {flow.showResult && <p data-status={flow.status}>{flow.message}</p>}
    </form>
  );
}

describe('useSubmitFlow', () => {
  it('marks every invalid field, focuses the first, and lets a field drop its mark once edited', async () => {
    const send = jest.fn();
    const user = userEvent.setup();
    render(<Harness send={send} onCleared={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Fill in everything')).toHaveAttribute('data-status', 'error');
    expect(screen.getByLabelText('name')).toHaveFocus();
    expect(screen.getByLabelText('name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('city')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('name'), 'Ada');
    expect(screen.getByLabelText('name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('city')).toHaveAttribute('aria-invalid', 'true');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the checked values and clears everything, outside state included, only on success', async () => {
    const onCleared = jest.fn();
    const send = jest
      .fn()
      .mockResolvedValueOnce({ ok: false, message: 'Try again' })
      .mockResolvedValueOnce({ ok: true, message: 'Stored' });
    const user = userEvent.setup();
    render(<Harness send={send} onCleared={onCleared} />);
    await user.type(screen.getByLabelText('name'), ' Ada ');
    await user.type(screen.getByLabelText('city'), 'London');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Try again')).toHaveAttribute('data-status', 'error');
    expect(screen.getByLabelText('name')).toHaveValue(' Ada ');
    expect(onCleared).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Stored')).toHaveAttribute('data-status', 'success');
    // A form without a bot check sends no token, and loads no widget.
    expect(send).toHaveBeenLastCalledWith(
      { name: 'Ada', city: 'London' },
      expect.any(AbortSignal),
      undefined,
    );
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(screen.getByLabelText('name')).toHaveValue('');
    expect(screen.getByLabelText('city')).toHaveValue('');
    expect(onCleared).toHaveBeenCalledTimes(1);
  });

  it('answers a filled honeypot like a success, clears the form and sends nothing', async () => {
    const onCleared = jest.fn();
    const send = jest.fn();
    const user = userEvent.setup();
    render(<Harness send={send} onCleared={onCleared} />);
    await user.type(screen.getByLabelText('Trap'), 'spam');
    await user.type(screen.getByLabelText('name'), 'Bot');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Thanks')).toHaveAttribute('data-status', 'success');
    expect(screen.getByLabelText('name')).toHaveValue('');
    expect(onCleared).toHaveBeenCalledTimes(1);
    expect(send).not.toHaveBeenCalled();
  });

  it('aborts the send in flight when the form goes away', async () => {
    let signal: AbortSignal | undefined;
    const send = jest.fn((_values: Values, given: AbortSignal) => {
      signal = given;
      return new Promise<SubmitOutcome>(() => undefined);
    });
    const user = userEvent.setup();
    const { unmount } = render(<Harness send={send} onCleared={jest.fn()} />);
    await user.type(screen.getByLabelText('name'), 'Ada');
    await user.type(screen.getByLabelText('city'), 'London');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
  });
});

describe('useSubmitFlow with a bot check', () => {
  let botCheck: FakeBotCheck;
  afterEach(() => botCheck.dispose());

  async function fillIn() {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('name'), 'Ada');
    await user.type(screen.getByLabelText('city'), 'London');
    return () => user.click(screen.getByRole('button', { name: 'Send' }));
  }

  it("loads the widget's script on the form's first touch, not before, and sends its token with the values", async () => {
    botCheck = fakeBotCheck({ pass: 'token-for-ada' });
    const send = jest.fn().mockResolvedValue({ ok: true, message: 'Stored' });
    render(<Harness send={send} onCleared={jest.fn()} botCheckAction="waitlist" />);
    // Rendered, its effects run: the page has no script element to fetch.
    expect(document.querySelectorAll('script')).toHaveLength(0);

    const submit = await fillIn();
    expect(botCheck.scriptsRequested).toEqual([FAKE_BOT_CHECK_SCRIPT_URL]);
    expect(botCheck.rendered).toEqual(['waitlist']);
    await submit();
    expect(await screen.findByText('Stored')).toHaveAttribute('data-status', 'success');
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(
      { name: 'Ada', city: 'London' },
      expect.any(AbortSignal),
      'token-for-ada',
    );
    expect(botCheck.scriptsRequested).toHaveLength(1);
  });

  it.each([
    ['script-blocked' as const, 'script-blocked'],
    [{ fail: '600010' }, 'challenge-failed'],
  ])(
    'without a token (%p) says so, keeps what was typed and sends nothing',
    async (behaviour, reason) => {
      botCheck = fakeBotCheck(behaviour);
      const send = jest.fn();
      const onCleared = jest.fn();
      const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      render(<Harness send={send} onCleared={onCleared} botCheckAction="waitlist" />);
      const submit = await fillIn();
      await submit();
      expect(await screen.findByText(BOT_CHECK_FAILED_MESSAGE)).toHaveAttribute(
        'data-status',
        'error',
      );
      expect(screen.getByLabelText('name')).toHaveValue('Ada');
      expect(screen.getByLabelText('city')).toHaveValue('London');
      expect(onCleared).not.toHaveBeenCalled();
      expect(send).not.toHaveBeenCalled();
      // Why, for whoever reads the console.
      expect(errors).toHaveBeenCalledWith(
        'The bot check gave no token:',
        expect.objectContaining({ reason }),
      );
      errors.mockRestore();
    },
  );
});
