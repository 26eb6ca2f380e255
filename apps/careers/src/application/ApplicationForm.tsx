import { type ChangeEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { BRAND } from '@agentora/data';
import {
  Button,
  HoneypotField,
  SelectField,
  Spinner,
  Stack,
  StatusBanner,
  TextAreaField,
  TextField,
  up,
} from '@agentora/ui';
import { ResumeDropZone } from '../resume/ResumeDropZone';
import { APPLICATION_MAX_LENGTH, type ApplicationFieldName } from './application-values';
import {
  AVAILABILITY_OPTIONS,
  EXPERIENCE_OPTIONS,
  HEAR_ABOUT_US_OPTIONS,
  WORK_PREFERENCE_OPTIONS,
} from './options';
import { useApplicationForm } from './useApplicationForm';

// Disabling this one fieldset disables every control inside it, the file input and Remove included.
const Controls = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
`;

const Group = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};

  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 700;
  }
`;

// One column on phones, two from tablets up: wide enough for long values, short enough to scan.
const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  ${up('md')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const RequiredNote = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const SubmitRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  button[type='submit'] {
    align-self: flex-start;
  }
`;

function maxLengthOf(name: ApplicationFieldName): number | undefined {
  return Object.hasOwn(APPLICATION_MAX_LENGTH, name)
    ? APPLICATION_MAX_LENGTH[name as keyof typeof APPLICATION_MAX_LENGTH]
    : undefined;
}

function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Group>
      <legend>{legend}</legend>
      {children}
    </Group>
  );
}

/** The general job application (docs/product/careers.md): every field, the résumé, and the submit flow. */
export function ApplicationForm() {
  const form = useApplicationForm();
  const { values, setField, fieldErrors, honeypot, setHoneypot, resume } = form;
  // Taken apart here: React's lint takes the whole object for a ref once a member goes to `ref`.
  const { formProps: botCheckProps, widgetContainer: botCheckPlace } = form.botCheck;

  // Everything a field needs from the form state, by name.
  const bind = (name: ApplicationFieldName) => ({
    name,
    value: values[name],
    maxLength: maxLengthOf(name),
    error: fieldErrors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setField(name, event.target.value),
  });

  return (
    <form
      onSubmit={form.handleSubmit}
      {...botCheckProps}
      noValidate
      aria-label="Job application"
      aria-busy={form.busy || undefined}
    >
      <Stack $gap="2rem">
        {/* Screen readers hear "required" from each control itself. */}
        <RequiredNote aria-hidden="true">Fields marked * are required.</RequiredNote>
        <Controls disabled={form.busy}>
          <HoneypotField value={honeypot} onChange={setHoneypot} />

          <FieldGroup legend="About you">
            <Fields>
              <TextField
                label="First Name"
                required
                autoComplete="given-name"
                {...bind('firstName')}
              />
              <TextField
                label="Last Name"
                required
                autoComplete="family-name"
                {...bind('lastName')}
              />
              <TextField
                label="Email"
                type="email"
                required
                autoComplete="email"
                {...bind('email')}
              />
              <TextField label="Phone" type="tel" autoComplete="tel" {...bind('phone')} />
              <TextField
                label="Location"
                placeholder="City, Country"
                autoComplete="address-level2"
                {...bind('location')}
              />
            </Fields>
          </FieldGroup>

          <FieldGroup legend="Experience">
            <Fields>
              <TextField
                label="LinkedIn Profile"
                type="url"
                placeholder="https://linkedin.com/in/your-name"
                autoComplete="url"
                {...bind('linkedinUrl')}
              />
              <TextField
                label="Portfolio / Website"
                type="url"
                placeholder="https://your-site.com"
                autoComplete="url"
                {...bind('portfolioUrl')}
              />
              <TextField
                label="Current Role"
                autoComplete="organization-title"
                {...bind('currentRole')}
              />
              <TextField
                label="Current Company"
                autoComplete="organization"
                {...bind('currentCompany')}
              />
              <SelectField
                label="Years of Experience"
                options={EXPERIENCE_OPTIONS}
                placeholder="Select experience"
                {...bind('experienceYears')}
              />
            </Fields>
            <TextAreaField
              label="Skills"
              rows={3}
              placeholder="e.g. TypeScript, React, distributed systems, LLM tooling"
              {...bind('skills')}
            />
          </FieldGroup>

          <FieldGroup legend="Motivation and preferences">
            <TextAreaField
              label={`Why do you want to join ${BRAND}?`}
              required
              rows={5}
              {...bind('whyJoin')}
            />
            <Fields>
              <SelectField
                label="Availability"
                options={AVAILABILITY_OPTIONS}
                placeholder="Select availability"
                {...bind('availability')}
              />
              <SelectField
                label="Work Preference"
                options={WORK_PREFERENCE_OPTIONS}
                placeholder="Select preference"
                {...bind('workPreference')}
              />
              <TextField
                label="Salary Expectation"
                placeholder="e.g. $120k-$140k"
                {...bind('salaryExpectation')}
              />
              <SelectField
                label="How did you hear about us?"
                options={HEAR_ABOUT_US_OPTIONS}
                placeholder="Select an option"
                {...bind('hearAboutUs')}
              />
            </Fields>
          </FieldGroup>

          <FieldGroup legend="Resume and cover letter">
            <ResumeDropZone
              file={resume.file}
              error={resume.error}
              disabled={form.busy}
              onPick={resume.pick}
              onRemove={resume.remove}
            />
            <TextAreaField label="Cover Letter" rows={6} {...bind('coverLetter')} />
          </FieldGroup>

          {/* The bot check's widget: it shows itself here only when it asks the visitor. */}
          {botCheckPlace && <div ref={botCheckPlace} />}
          <SubmitRow>
            <Button type="submit" size="lg" disabled={form.busy}>
              {form.busy ? (
                <>
                  <Spinner />
                  Submitting Application...
                </>
              ) : (
                'Submit Application'
              )}
            </Button>
          </SubmitRow>
        </Controls>
        {form.showResult && (
          <StatusBanner tone={form.status === 'success' ? 'success' : 'error'}>
            {form.message}
          </StatusBanner>
        )}
      </Stack>
    </form>
  );
}
