import { act, fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { EMPTY_APPLICATION, submitApplication, type ApplicationSubmission } from '@agentora/data';
import { BOT_CHECK_FAILED_MESSAGE, RESUME_MAX_BYTES, RESUME_TYPES } from '@agentora/forms';
import {
  fakeBotCheck,
  FAKE_BOT_CHECK_SCRIPT_URL,
  type FakeBotCheck,
  type FakeBotCheckBehaviour,
} from '@agentora/forms/testing';
import { deferred } from '@agentora/ui/testing';
import { fileOfSize, renderWithUser, settle } from '../test-support/render';
import { ApplicationForm } from './ApplicationForm';

jest.mock('@agentora/data', () => ({
  ...jest.requireActual('@agentora/data'),
  submitApplication: jest.fn(),
}));

const send = jest.mocked(submitApplication);
const SENT_AND_MAILED: ApplicationSubmission = { ok: true, emailSent: true };
/** What the fake widget (@agentora/forms/testing) hands the form. */
const WIDGET_TOKEN = 'token-from-the-widget';

const SUCCESS_WITH_EMAIL =
  "Application submitted successfully! Check your email for confirmation. We'll review your application and get back to you within 5 business days.";
const SUCCESS_WITHOUT_EMAIL =
  "Application submitted successfully! We'll review your application and get back to you within 5 business days.";

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const resumeInput = () => screen.getByLabelText('Resume') as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: /Submit/ });

/** Clicks into a field and pastes: one input event per field keeps the many-field tests fast. */
async function enter(user: UserEvent, label: string | RegExp, value: string) {
  await user.click(field(label));
  await user.paste(value);
}

async function fillRequired(user: UserEvent, email = 'jane@example.com') {
  await enter(user, /^First Name/, 'Jane');
  await enter(user, /^Last Name/, 'Doe');
  await enter(user, /^Email/, email);
  await enter(user, /^Why do you want to join Agentora\?/, 'I want to build the agent economy.');
}

async function fillEverything(user: UserEvent) {
  await fillRequired(user);
  await enter(user, 'Phone', '+1 555 0100');
  await enter(user, 'Location', 'Lisbon, Portugal');
  await enter(user, 'LinkedIn Profile', 'https://linkedin.com/in/janedoe');
  await enter(user, 'Portfolio / Website', 'https://jane.dev');
  await enter(user, 'Current Role', 'Staff Engineer');
  await enter(user, 'Current Company', 'Acme AI');
  await user.selectOptions(field('Years of Experience'), '5-10 years');
  await enter(user, 'Skills', 'TypeScript, React, LLMs');
  await user.selectOptions(field('Availability'), '2 weeks notice');
  await user.selectOptions(field('Work Preference'), 'Remote');
  await enter(user, 'Salary Expectation', '$150k');
  await enter(user, 'Cover Letter', 'Hello Agentora team.');
  await user.selectOptions(field('How did you hear about us?'), 'Job Board');
}

const FULL_PAYLOAD = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phone: '+1 555 0100',
  location: 'Lisbon, Portugal',
  linkedinUrl: 'https://linkedin.com/in/janedoe',
  portfolioUrl: 'https://jane.dev',
  currentRole: 'Staff Engineer',
  currentCompany: 'Acme AI',
  experienceYears: '5-10',
  skills: 'TypeScript, React, LLMs',
  whyJoin: 'I want to build the agent economy.',
  availability: '2-weeks',
  workPreference: 'remote',
  salaryExpectation: '$150k',
  coverLetter: 'Hello Agentora team.',
  hearAboutUs: 'job-board',
};

function everyControl(form: HTMLElement) {
  return Array.from(form.querySelectorAll('input, select, textarea, button'));
}

// A full form is a big DOM for jsdom: on a busy machine one test can need more than Jest's default 5 s.
jest.setTimeout(30_000);

// Fake timers stay on after each test: switching back while a timed-out test's waitFor is still polling
// would leave it spinning. Each test file gets its own environment, so nothing leaks past this file.
let botCheck: FakeBotCheck;
beforeEach(() => {
  jest.useFakeTimers();
  send.mockReset().mockResolvedValue(SENT_AND_MAILED);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  botCheck = fakeBotCheck({ pass: WIDGET_TOKEN });
});

afterEach(() => {
  botCheck.dispose();
  jest.restoreAllMocks();
});

describe('ApplicationForm: fields', () => {
  it('labels every field and marks the four required ones', () => {
    renderWithUser(<ApplicationForm />);
    for (const label of ['First Name', 'Last Name', 'Email', 'Why do you want to join Agentora?']) {
      expect(screen.getByRole('textbox', { name: label })).toBeRequired();
    }
    for (const label of [
      'Phone',
      'Location',
      'LinkedIn Profile',
      'Portfolio / Website',
      'Current Role',
      'Current Company',
      'Skills',
      'Salary Expectation',
      'Cover Letter',
    ]) {
      expect(field(label)).not.toBeRequired();
    }
    expect(field(/^Email/)).toHaveAttribute('type', 'email');
    expect(field('Phone')).toHaveAttribute('type', 'tel');
    expect(field('LinkedIn Profile')).toHaveAttribute('type', 'url');
    expect(field('Portfolio / Website')).toHaveAttribute('type', 'url');
    expect(resumeInput()).toHaveAttribute('type', 'file');
    expect(resumeInput()).not.toBeRequired();
  });

  it('limits each text field to what the database stores', () => {
    renderWithUser(<ApplicationForm />);
    expect(field(/^First Name/)).toHaveAttribute('maxlength', '100');
    expect(field(/^Email/)).toHaveAttribute('maxlength', '254');
    expect(field('LinkedIn Profile')).toHaveAttribute('maxlength', '2048');
    expect(field(/^Why do you want/)).toHaveAttribute('maxlength', '5000');
    expect(field('Cover Letter')).toHaveAttribute('maxlength', '10000');
    expect(field('Availability')).not.toHaveAttribute('maxlength');
  });

  it.each([
    [
      'Years of Experience',
      [
        ['0-1', '0-1 years'],
        ['1-3', '1-3 years'],
        ['3-5', '3-5 years'],
        ['5-10', '5-10 years'],
        ['10+', '10+ years'],
      ],
    ],
    [
      'Availability',
      [
        ['immediate', 'Immediately'],
        ['2-weeks', '2 weeks notice'],
        ['1-month', '1 month notice'],
        ['2-months', '2 months notice'],
      ],
    ],
    [
      'Work Preference',
      [
        ['remote', 'Remote'],
        ['hybrid', 'Hybrid'],
        ['onsite', 'On-site'],
        ['flexible', 'Flexible'],
      ],
    ],
    [
      'How did you hear about us?',
      [
        ['website', 'Company Website'],
        ['linkedin', 'LinkedIn'],
        ['referral', 'Employee Referral'],
        ['job-board', 'Job Board'],
        ['social-media', 'Social Media'],
        ['other', 'Other'],
      ],
    ],
  ])('%s offers the stored values with readable labels', (label, expected) => {
    renderWithUser(<ApplicationForm />);
    const options = within(field(label)).getAllByRole('option') as HTMLOptionElement[];
    expect(options[0]).toHaveValue('');
    expect(options.slice(1).map((option) => [option.value, option.textContent])).toEqual(expected);
  });
});

describe('ApplicationForm: validation', () => {
  it.each([
    ['everything empty', [], 'First Name'],
    ['first name missing', ['lastName', 'email', 'whyJoin'], 'First Name'],
    ['last name missing', ['firstName', 'email', 'whyJoin'], 'Last Name'],
    ['email missing', ['firstName', 'lastName', 'whyJoin'], 'Email'],
    ['why join missing', ['firstName', 'lastName', 'email'], 'Why do you want to join Agentora?'],
  ])(
    '%s: says so, marks and focuses the first missing field, sends nothing',
    async (_case, filled, focused) => {
      const { user } = renderWithUser(<ApplicationForm />);
      const labels: Record<string, [RegExp, string]> = {
        firstName: [/^First Name/, 'Jane'],
        lastName: [/^Last Name/, 'Doe'],
        email: [/^Email/, 'jane@example.com'],
        whyJoin: [/^Why do you want/, 'Because.'],
      };
      for (const name of filled) await enter(user, labels[name][0], labels[name][1]);
      await user.click(submitButton());

      expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
      const target = screen.getByRole('textbox', { name: focused });
      expect(target).toHaveFocus();
      expect(target).toHaveAttribute('aria-invalid', 'true');
      expect(target).toHaveAccessibleDescription('This field is required');
      expect(send).not.toHaveBeenCalled();
    },
  );

  it('treats whitespace-only required fields as missing', async () => {
    const { user } = renderWithUser(<ApplicationForm />);
    await fillRequired(user);
    await user.clear(field(/^Last Name/));
    await enter(user, /^Last Name/, '   ');
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(field(/^Last Name/)).toHaveFocus();
  });

  it('refuses an email without @ and focuses the email field', async () => {
    const { user } = renderWithUser(<ApplicationForm />);
    await fillRequired(user, 'jane.example.com');
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(field(/^Email/)).toHaveFocus();
    expect(field(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Email/)).toHaveAccessibleDescription('Please enter a valid email address');
    expect(field(/^First Name/)).not.toHaveAttribute('aria-invalid');
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a link the database would not store, before sending anything', async () => {
    const { user } = renderWithUser(<ApplicationForm />);
    await fillRequired(user);
    await user.type(field('LinkedIn Profile'), 'linkedin.com/in/janedoe');
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter a full link starting with https://',
    );
    expect(field('LinkedIn Profile')).toHaveFocus();
    expect(field('LinkedIn Profile')).toHaveAccessibleDescription(
      'Please enter a full link starting with https://',
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('clears a field’s message as soon as it is edited', async () => {
    const { user } = renderWithUser(<ApplicationForm />);
    await user.click(submitButton());
    expect(field(/^First Name/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(field(/^First Name/), 'J');
    expect(field(/^First Name/)).not.toHaveAttribute('aria-invalid');
    expect(field(/^Last Name/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('ApplicationForm: submitting', () => {
  it('sends every field in one call, shows success with the email sentence, clears the form and resets after 5 s', async () => {
    const { user } = renderWithUser(<ApplicationForm />);
    await fillEverything(user);
    await user.click(submitButton());
    await settle();

    expect(screen.getByRole('status')).toHaveTextContent(SUCCESS_WITH_EMAIL);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(FULL_PAYLOAD, undefined, WIDGET_TOKEN);

    for (const label of [
      /^First Name/,
      /^Email/,
      'Phone',
      'Cover Letter',
      'Years of Experience',
      'How did you hear about us?',
    ])
      expect(field(label)).toHaveValue('');

    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByRole('status')).toHaveTextContent(SUCCESS_WITH_EMAIL);
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Submit Application');
  });

  it('sends the résumé with the fields, and drops the email sentence when the mail was not sent', async () => {
    send.mockResolvedValue({ ok: true, emailSent: false });
    const { user } = renderWithUser(<ApplicationForm />);
    await fillRequired(user);
    const resume = fileOfSize('jane-cv.pdf', RESUME_MAX_BYTES, RESUME_TYPES.pdf);
    await user.upload(resumeInput(), resume);
    await user.click(submitButton());

    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS_WITHOUT_EMAIL);
    expect(screen.getByRole('status')).not.toHaveTextContent('Check your email');
    expect(send).toHaveBeenCalledWith(
      {
        ...EMPTY_APPLICATION,
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'jane@example.com',
        whyJoin: 'I want to build the agent economy.',
      },
      resume,
      WIDGET_TOKEN,
    );
    expect(screen.getByTestId('resume-drop-zone')).not.toHaveTextContent('jane-cv.pdf');
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it.each(['', 'application/octet-stream'])(
    'sends a .docx the browser typed %j as a Word file, so the server accepts it',
    async (browserType) => {
      const { user } = renderWithUser(<ApplicationForm />);
      await fillRequired(user);
      await user.upload(resumeInput(), fileOfSize('cv.docx', 4096, browserType));
      await user.click(submitButton());
      await screen.findByRole('status');
      const sent = send.mock.calls[0][1] as File;
      expect(sent.name).toBe('cv.docx');
      expect(sent.type).toBe(RESUME_TYPES.docx);
      expect(sent.size).toBe(4096);
    },
  );

  it('sends values trimmed', async () => {
    const { user } = renderWithUser(<ApplicationForm />);
    await user.type(field(/^First Name/), '  Jane ');
    await user.type(field(/^Last Name/), 'Doe');
    await user.type(field(/^Email/), ' jane@example.com ');
    await user.type(field(/^Why do you want/), 'Because. ');
    await user.type(field('Current Role'), '   ');
    await user.click(submitButton());
    await screen.findByRole('status');
    expect(send).toHaveBeenCalledWith(
      {
        ...EMPTY_APPLICATION,
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'jane@example.com',
        whyJoin: 'Because.',
      },
      undefined,
      WIDGET_TOKEN,
    );
  });

  it('disables every control, the file input and Remove included, while the application is sent, and refuses a second submit', async () => {
    const pending = deferred<ApplicationSubmission>();
    send.mockReturnValue(pending.promise);
    const { user } = renderWithUser(<ApplicationForm />);
    await fillRequired(user);
    await user.upload(resumeInput(), fileOfSize('cv.pdf', 1000, RESUME_TYPES.pdf));
    await user.click(submitButton());

    const form = screen.getByRole('form', { name: 'Job application' });
    expect(form).toHaveAttribute('aria-busy', 'true');
    expect(submitButton()).toHaveTextContent('Submitting Application...');
    const controls = everyControl(form);
    expect(controls.length).toBeGreaterThan(20);
    for (const control of controls) expect(control).toBeDisabled();
    expect(resumeInput()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove cv.pdf' })).toBeDisabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.submit(form);
    expect(send).toHaveBeenCalledTimes(1);

    await act(async () => pending.resolve(SENT_AND_MAILED));
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS_WITH_EMAIL);
    for (const control of everyControl(form)) expect(control).toBeEnabled();
  });

  it.each<[ApplicationSubmission & { ok: false }, string]>([
    [{ ok: false, reason: 'upload_failed' }, 'Failed to upload resume. Please try again.'],
    [
      { ok: false, reason: 'duplicate' },
      'You have already submitted an application with this email address.',
    ],
    [
      { ok: false, reason: 'rate_limited' },
      'Too many attempts. Please wait a minute and try again.',
    ],
    [{ ok: false, reason: 'resume_type' }, 'Please upload a PDF or Word document'],
    [{ ok: false, reason: 'resume_too_large' }, 'File size must be less than 5MB'],
    [
      { ok: false, reason: 'invalid' },
      'Failed to submit application. Please try again or contact support.',
    ],
    [
      { ok: false, reason: 'failed' },
      'Failed to submit application. Please try again or contact support.',
    ],
    // Nothing reached the server, with a résumé attached: the résumé was not uploaded.
    [{ ok: false, reason: 'unreachable' }, 'Failed to upload resume. Please try again.'],
    // The server refused the bot check's token, or could not ask Cloudflare about it.
    [{ ok: false, reason: 'bot_check_failed' }, BOT_CHECK_FAILED_MESSAGE],
    [{ ok: false, reason: 'bot_check_unavailable' }, BOT_CHECK_FAILED_MESSAGE],
  ])(
    'when the server answers %j, says exactly %j and keeps everything entered',
    async (answer, message) => {
      send.mockResolvedValue(answer);
      const { user } = renderWithUser(<ApplicationForm />);
      await fillRequired(user);
      await user.selectOptions(field('Years of Experience'), '5-10 years');
      await enter(user, 'Cover Letter', 'Hello Agentora team.');
      await user.upload(resumeInput(), fileOfSize('cv.pdf', 1000, RESUME_TYPES.pdf));
      await user.click(submitButton());

      expect(await screen.findByRole('alert')).toHaveTextContent(
        new RegExp(`^${message.replace(/[.?]/g, '\\$&')}$`),
      );
      expect(field(/^First Name/)).toHaveValue('Jane');
      expect(field(/^Email/)).toHaveValue('jane@example.com');
      expect(field('Years of Experience')).toHaveValue('5-10');
      expect(field('Cover Letter')).toHaveValue('Hello Agentora team.');
      expect(screen.getByTestId('resume-drop-zone')).toHaveTextContent('cv.pdf');

      // The error stays until the next attempt (no timer clears it).
      act(() => jest.advanceTimersByTime(60_000));
      expect(screen.getByRole('alert')).toHaveTextContent(message);
    },
  );

  it('a retry after a failure can succeed', async () => {
    send.mockResolvedValueOnce({ ok: false, reason: 'unreachable' });
    const { user } = renderWithUser(<ApplicationForm />);
    await fillRequired(user);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to submit application. Please try again or contact support.',
    );
    await user.click(submitButton());
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS_WITH_EMAIL);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('treats a filled honeypot as success and sends nothing', async () => {
    const { user, container } = renderWithUser(<ApplicationForm />);
    await fillRequired(user);
    const honeypot = container.querySelector('input[name="website_url"]') as HTMLInputElement;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    await user.type(honeypot, 'http://spam.example');
    await user.click(submitButton());

    expect(screen.getByRole('status')).toHaveTextContent(SUCCESS_WITHOUT_EMAIL);
    expect(send).not.toHaveBeenCalled();
    expect(field(/^First Name/)).toHaveValue('');
  });

  it('starts no reset timer when the visitor leaves mid-submit', async () => {
    const pendingInsert = deferred<ApplicationSubmission>();
    send.mockReturnValue(pendingInsert.promise);
    const { user, unmount } = renderWithUser(<ApplicationForm />);
    await fillRequired(user);
    await user.click(submitButton());
    const setTimeoutSpy = jest.spyOn(globalThis, 'setTimeout');
    unmount();
    await act(async () => pendingInsert.resolve(SENT_AND_MAILED));
    expect(setTimeoutSpy).not.toHaveBeenCalledWith(expect.any(Function), 5000);
  });

  it('clears the success timer on unmount', async () => {
    const setTimeoutSpy = jest.spyOn(globalThis, 'setTimeout');
    const clearTimeoutSpy = jest.spyOn(globalThis, 'clearTimeout');
    const { user, unmount } = renderWithUser(<ApplicationForm />);
    await fillRequired(user);
    await user.click(submitButton());
    await screen.findByRole('status');
    const resetCall = setTimeoutSpy.mock.calls.findIndex(([, delay]) => delay === 5000);
    expect(resetCall).toBeGreaterThanOrEqual(0);
    const resetTimer = setTimeoutSpy.mock.results[resetCall].value;
    unmount();
    expect(clearTimeoutSpy).toHaveBeenCalledWith(resetTimer);
  });
});

describe('ApplicationForm: bot check', () => {
  it("requests the widget's script only on the form's first touch, and sends its token with the application", async () => {
    const { user } = renderWithUser(<ApplicationForm />);
    // Rendered, its effects run: the page has no script element to fetch.
    expect(document.querySelectorAll('script')).toHaveLength(0);
    await fillRequired(user);
    expect(botCheck.scriptsRequested).toEqual([FAKE_BOT_CHECK_SCRIPT_URL]);
    expect(botCheck.rendered).toEqual(['career']);
    await user.click(submitButton());
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS_WITH_EMAIL);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(expect.any(Object), undefined, WIDGET_TOKEN);
  });

  it.each<[string, FakeBotCheckBehaviour]>([
    ['its script is blocked', 'script-blocked'],
    ['its challenge fails', { fail: '600010' }],
  ])(
    'without a token (%s) says so, keeps everything entered and sends nothing',
    async (_, behaviour) => {
      botCheck.dispose();
      botCheck = fakeBotCheck(behaviour);
      const { user } = renderWithUser(<ApplicationForm />);
      await fillRequired(user);
      await user.upload(resumeInput(), fileOfSize('cv.pdf', 1000, RESUME_TYPES.pdf));
      await user.click(submitButton());

      expect(await screen.findByRole('alert')).toHaveTextContent(BOT_CHECK_FAILED_MESSAGE);
      expect(field(/^First Name/)).toHaveValue('Jane');
      expect(field(/^Email/)).toHaveValue('jane@example.com');
      expect(field(/^Why do you want/)).toHaveValue('I want to build the agent economy.');
      expect(screen.getByTestId('resume-drop-zone')).toHaveTextContent('cv.pdf');
      expect(send).not.toHaveBeenCalled();
    },
  );
});
