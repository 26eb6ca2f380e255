import { useId } from 'react';
import styled from 'styled-components';
import {
  COMPANY_SIZE_OPTIONS,
  HEAR_ABOUT_OPTIONS,
  WAITLIST_MAX_LENGTH,
  type WaitlistFieldName,
} from '@agentora/forms';
import {
  Button,
  Card,
  HoneypotField,
  Muted,
  SelectField,
  Spinner,
  StatusBanner,
  TextAreaField,
  TextField,
  up,
} from '@agentora/ui';
import { useWaitlistForm } from './useWaitlistForm';
import { resultTone } from '../shared/result-tone';

const FormCard = styled(Card)`
  max-width: 48rem;
  width: 100%;
  margin-inline: auto;
  padding: ${({ theme }) => theme.space.xl};
  gap: ${({ theme }) => theme.space.md};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    margin: 0;
  }
`;

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  ${up('md')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Wide = styled.div`
  ${up('md')} {
    grid-column: 1 / -1;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
  button {
    width: 100%;
  }
`;

/** 'Join the Waitlist': the eight fields (docs/product/sign-up-forms.md), a submit with its busy state, and the status banner. */
export function WaitlistForm() {
  const titleId = useId();
  const form = useWaitlistForm();
  const { values, fieldErrors } = form;
  // Taken apart here: React's lint takes the whole object for a ref once a member goes to `ref`.
  const { formProps: botCheckProps, widgetContainer: botCheckPlace } = form.botCheck;

  const bind = (name: WaitlistFieldName) => ({
    name,
    value: values[name],
    error: fieldErrors[name],
    onChange: (event: { target: { value: string } }) => form.setField(name, event.target.value),
  });

  return (
    <FormCard as="section" aria-labelledby={titleId}>
      <h2 id={titleId}>Join the Waitlist</h2>
      <Muted>Fields marked * are required.</Muted>
      <form
        noValidate
        onSubmit={form.handleSubmit}
        {...botCheckProps}
        aria-labelledby={titleId}
        aria-busy={form.busy || undefined}
      >
        <Fields>
          <TextField
            label="First Name"
            required
            autoComplete="given-name"
            maxLength={WAITLIST_MAX_LENGTH.firstName}
            {...bind('firstName')}
          />
          <TextField
            label="Last Name"
            required
            autoComplete="family-name"
            maxLength={WAITLIST_MAX_LENGTH.lastName}
            {...bind('lastName')}
          />
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            required
            autoComplete="email"
            maxLength={WAITLIST_MAX_LENGTH.email}
            {...bind('email')}
          />
          <TextField
            label="Company"
            required
            autoComplete="organization"
            maxLength={WAITLIST_MAX_LENGTH.company}
            {...bind('company')}
          />
          <TextField
            label="Role"
            placeholder="e.g. CTO, Product Manager"
            autoComplete="organization-title"
            maxLength={WAITLIST_MAX_LENGTH.role}
            {...bind('role')}
          />
          <SelectField
            label="Company Size"
            placeholder="Select company size"
            options={COMPANY_SIZE_OPTIONS}
            {...bind('companySize')}
          />
          <Wide>
            <TextAreaField
              label="Use Case"
              rows={3}
              placeholder="What would you like AI agents to do for you?"
              maxLength={WAITLIST_MAX_LENGTH.useCase}
              {...bind('useCase')}
            />
          </Wide>
          <Wide>
            <SelectField
              label="How did you hear about us?"
              placeholder="Select an option"
              options={HEAR_ABOUT_OPTIONS}
              {...bind('hearAbout')}
            />
          </Wide>
        </Fields>
        <HoneypotField value={form.honeypot} onChange={form.setHoneypot} />
        {/* The bot check's widget: it shows itself here only when it asks the visitor. */}
        {botCheckPlace && <div ref={botCheckPlace} />}
        <Actions>
          <Button type="submit" size="lg" disabled={form.busy}>
            {form.busy && <Spinner />}
            {form.busy ? 'Joining Waitlist...' : 'Join Waitlist'}
          </Button>
          {form.showResult && (
            <StatusBanner tone={resultTone(form.status)}>{form.message}</StatusBanner>
          )}
        </Actions>
      </form>
    </FormCard>
  );
}
