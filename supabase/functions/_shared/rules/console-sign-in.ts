// The console's sign-in codes (docs/security.md, "The console"): their length and lifetime, how often an
// address on the staff list is mailed one, and how many requests one client address may make. The
// function console-sign-in applies them; the database holds the same numbers
// (private.console_sign_in_rules() in supabase/schemas/staff-sign-in.sql, and public.rate_limit_rules'
// rows in limits.sql), which supabase/tests/console-sign-in.test.ts holds equal to these.
// The console's form takes a code of CONSOLE_SIGN_IN.codeDigits digits.

export const CONSOLE_SIGN_IN = {
  /** The edge function's name, and so the last segment of its URL. */
  functionName: 'console-sign-in',
  /** Digits of a code: 10^10 values, so guessing from many client addresses stays hopeless. */
  codeDigits: 10,
  /** How long a code works, and what the mail says. */
  codeLifetimeSeconds: 600,
  /**
   * How often an address on the staff list is mailed a new code, however many ask: a burst of mailBurst,
   * then one every mailIntervalSeconds. Each code works for its lifetime (an address keeps at most
   * mailBurst, the newest), and the interval is shorter than that: while someone keeps asking for a staff
   * member's address, the newest code in their inbox works, so asking cannot lock them out.
   */
  mailIntervalSeconds: 300,
  mailBurst: 3,
  /** Code requests per client address (a rate_limit_rules row), staff addresses or not. */
  codeRequestsPerClient: { max: 10, windowSeconds: 600 },
  /** Code checks per client address (a rate_limit_rules row): the guesses one network may make. */
  codeChecksPerClient: { max: 30, windowSeconds: 300 },
  /**
   * Every answer to a code request or a refused code takes at least this long, whoever the address is:
   * the work for a staff address (a code stored) and for any other (nothing) then ends before the answer.
   */
  answerFloorMs: 300,
} as const;

/** The rate_limit_rules actions of the two requests. */
export const CONSOLE_SIGN_IN_ACTIONS = {
  request: 'console-sign-in-code',
  check: 'console-sign-in-check',
} as const;

/** A code as the mail carries it and the form takes it: exactly codeDigits digits. */
export const CONSOLE_SIGN_IN_CODE = new RegExp(`^[0-9]{${CONSOLE_SIGN_IN.codeDigits}}$`);
