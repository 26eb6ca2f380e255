// Every text the console shows that is not a field's data, in one place.

export const CODE_LENGTH = 6;

export const MESSAGES = {
  title: 'Team console',
  lead: "The sign-ups and job applications the site collects, for Agentora's staff: search them, export them, answer applicants and invite the waitlist.",
  checking: 'Checking your sign-in…',
  signIn: {
    heading: 'Sign in to the console',
    intro: 'Staff sign in with a one-time code sent to their work email.',
    emailLabel: 'Work email',
    sendCode: 'Email me a code',
    sending: 'Sending…',
    invalidEmail: 'Enter a valid email address.',
    codeSent: (email: string) =>
      `We emailed a ${CODE_LENGTH}-digit code to ${email}. Enter it below; it works once.`,
    codeLabel: 'Code',
    invalidCode: `Enter the ${CODE_LENGTH}-digit code from the email.`,
    verify: 'Sign in',
    verifying: 'Signing in…',
    wrongCode: 'That code is wrong or has expired. Check the latest email, or send a new code.',
    otherEmail: 'Use another email',
    newCode: 'Send a new code',
    unreachable: "We couldn't reach the server. Check your connection and try again.",
  },
  notStaff: (email: string) =>
    `${email} is signed in, but is not on the staff list, so the console shows nothing. Ask the team to add you, then sign in again.`,
  signOut: 'Sign out',
  signedInAs: (email: string) => `Signed in as ${email}`,
  views: {
    overview: 'Overview',
    early_access: 'Early access',
    waitlist: 'Waitlist',
    newsletter: 'Newsletter',
    applications: 'Applications',
  },
  loadFailed: "The list couldn't be loaded.",
  retry: 'Try again',
  empty: 'Nothing matches these filters.',
  exportCsv: 'Export CSV',
  exporting: 'Exporting…',
  exportFailed: "The export couldn't be made.",
} as const;
