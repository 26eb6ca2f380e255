import { BOT_CHECK_FORM_FIELD } from '@agentora/backend-rules/bot-check';
import { APPLICATION_FIELD_RULES } from '@agentora/backend-rules/application-fields';
import { EMAIL_MAX_LENGTH } from '@agentora/backend-rules/email-address';
import type { SubmitApplicationResponseBody } from '@agentora/backend-rules/function-answers';
import { callJsonFunction, failureOf, FunctionError } from './client';
import { readAttribution } from '../growth/attribution-store';

/** The careers form's fields, all strings, '' when left empty. */
export interface ApplicationFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  location: string;
  /** http(s) URL or '' */
  linkedinUrl: string;
  /** http(s) URL or '' */
  portfolioUrl: string;
  currentRole: string;
  currentCompany: string;
  /** '0-1' | '1-3' | '3-5' | '5-10' | '10+' or '' */
  experienceYears: string;
  skills: string;
  whyJoin: string;
  /** 'immediate' | '2-weeks' | '1-month' | '2-months' or '' */
  availability: string;
  /** 'remote' | 'hybrid' | 'onsite' | 'flexible' or '' */
  workPreference: string;
  salaryExpectation: string;
  coverLetter: string;
  /** 'website' | 'linkedin' | 'referral' | 'job-board' | 'social-media' | 'other' or '' */
  hearAboutUs: string;
}

/** Each field's column in general_applications, which is also its name in the submitted form. */
export const APPLICATION_COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  location: 'location',
  linkedinUrl: 'linkedin_url',
  portfolioUrl: 'portfolio_url',
  currentRole: 'current_role',
  currentCompany: 'current_company',
  experienceYears: 'experience_years',
  skills: 'skills',
  whyJoin: 'why_join',
  availability: 'availability',
  workPreference: 'work_preference',
  salaryExpectation: 'salary_expectation',
  coverLetter: 'cover_letter',
  hearAboutUs: 'hear_about_us',
} as const satisfies Record<keyof ApplicationFields, string>;

/** A form nobody has filled in: every field '' (the careers form's start, the tests' base). */
export const EMPTY_APPLICATION = Object.fromEntries(
  Object.keys(APPLICATION_COLUMNS).map((name) => [name, '']),
) as unknown as Readonly<ApplicationFields>;

type TextField = {
  [
    F in keyof ApplicationFields
  ]: (typeof APPLICATION_FIELD_RULES)[(typeof APPLICATION_COLUMNS)[F]] extends {
    max: number;
  }
    ? F
    : F extends 'email'
      ? F
      : never;
}[keyof ApplicationFields];

/**
 * The longest value each text field takes, from the rules submit-application and the table's CHECK
 * constraints hold; the careers form gives them to its inputs so nothing longer can be typed.
 */
export const APPLICATION_MAX_LENGTH = Object.fromEntries(
  Object.entries(APPLICATION_COLUMNS).flatMap(([field, column]) => {
    const rule = APPLICATION_FIELD_RULES[column];
    if (rule.kind === 'email') return [[field, EMAIL_MAX_LENGTH]];
    return 'max' in rule ? [[field, rule.max]] : [];
  }),
) as Record<TextField, number>;

/** Why an application was not taken, as submit-application reports it, or 'unreachable'. */
export type ApplicationRefusal =
  Extract<SubmitApplicationResponseBody, { success: false }>['error'] | 'unreachable';

export type ApplicationSubmission =
  { ok: true; emailSent: boolean } | { ok: false; reason: ApplicationRefusal };

const REFUSALS: ReadonlySet<string> = new Set<ApplicationRefusal>([
  'invalid',
  'resume_type',
  'resume_too_large',
  'upload_failed',
  'duplicate',
  'rate_limited',
  'bot_check_failed',
  'bot_check_unavailable',
  'failed',
]);

/**
 * Sends an application in one call to the submit-application function: the fields and the optional
 * résumé as multipart form data, with the bot check's token. The function checks everything, stores the file privately, inserts the
 * row (status pending) and sends the confirmation; nothing is written from the browser directly. The
 * visit's source goes with it. Never throws.
 */
export async function submitApplication(
  fields: ApplicationFields,
  resume: File | undefined,
  botCheckToken: string,
): Promise<ApplicationSubmission> {
  const form = new FormData();
  for (const [name, column] of Object.entries(APPLICATION_COLUMNS)) {
    form.append(column, fields[name as keyof ApplicationFields]);
  }
  // The visit's source (docs/growth.md), each field only when known; never a referral code.
  const { referred_by: _code, ...source } = readAttribution();
  for (const [field, value] of Object.entries(source)) form.append(field, value);
  if (resume) form.append('resume', resume, resume.name);
  form.append(BOT_CHECK_FORM_FIELD, botCheckToken);

  try {
    const body = await callJsonFunction('submit-application', { body: form });
    return { ok: true, emailSent: body?.emailSent === true };
  } catch (error) {
    if (error instanceof FunctionError) {
      if (error.refusal !== undefined && REFUSALS.has(error.refusal))
        return { ok: false, reason: error.refusal as ApplicationRefusal };
      // A gateway in front of the function may answer these itself, in its own words (a 429 too).
      if (error.status === 413) return { ok: false, reason: 'resume_too_large' };
    }
    return { ok: false, reason: failureOf(error) };
  }
}
