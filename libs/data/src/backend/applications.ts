import { insertRow } from './insert-row';
import { optionalText, requiredText } from './row-values';

/** The careers form's fields (docs/product/careers.md); all strings, '' when left empty. */
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

/** A new application, always with status pending; `resume` is what uploadResume returned. */
export function insertGeneralApplication(
  fields: ApplicationFields,
  resume?: { url: string; filename: string },
): Promise<void> {
  return insertRow('general_applications', {
    first_name: requiredText(fields.firstName),
    last_name: requiredText(fields.lastName),
    email: requiredText(fields.email),
    phone: optionalText(fields.phone),
    location: optionalText(fields.location),
    linkedin_url: optionalText(fields.linkedinUrl),
    portfolio_url: optionalText(fields.portfolioUrl),
    current_role: optionalText(fields.currentRole),
    current_company: optionalText(fields.currentCompany),
    experience_years: optionalText(fields.experienceYears),
    skills: optionalText(fields.skills),
    why_join: requiredText(fields.whyJoin),
    availability: optionalText(fields.availability),
    work_preference: optionalText(fields.workPreference),
    salary_expectation: optionalText(fields.salaryExpectation),
    resume_url: resume ? resume.url : null,
    resume_filename: resume ? resume.filename : null,
    cover_letter: optionalText(fields.coverLetter),
    hear_about_us: optionalText(fields.hearAboutUs),
    status: 'pending',
  });
}
