import { useId } from 'react';
import styled from 'styled-components';
import { EMAIL_MAX_LENGTH } from '@agentora/forms';
import { Button, HoneypotField, Spinner, StatusBanner, TextField } from '@agentora/ui';
import { LinkCard } from '../email-links/LinkPage';
import { resultTone } from '../shared/result-tone';
import { usePrivacyRequestForm } from './usePrivacyRequestForm';

const Choices = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
  label {
    display: flex;
    gap: ${({ theme }) => theme.space.sm};
    align-items: flex-start;
    min-height: 44px;
    cursor: pointer;
  }
  input {
    width: 1.25rem;
    height: 1.25rem;
    margin-top: 0.15rem;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const ErrorText = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.errorText};
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  button[type='submit'] {
    align-self: flex-start;
  }
`;

const CHOICES = [
  { value: 'erase', label: 'Delete everything you hold for this address' },
  { value: 'copy', label: 'Send me a copy of everything you hold for this address' },
] as const;

/** The address and the choice; the link goes to the address, so only its owner can go on. */
export function PrivacyRequestForm() {
  const form = usePrivacyRequestForm();
  const legendId = useId();
  const errorId = useId();
  const actionError = form.fieldErrors.action;
  return (
    <LinkCard>
      <Form
        noValidate
        onSubmit={form.handleSubmit}
        aria-label="Ask for a link"
        aria-busy={form.busy || undefined}
      >
        <TextField
          label="Email address"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          value={form.values.email}
          error={form.fieldErrors.email}
          onChange={(event) => form.setField('email', event.target.value)}
        />
        <Choices aria-describedby={actionError ? errorId : undefined}>
          <legend id={legendId}>What would you like us to do?</legend>
          {CHOICES.map((choice) => (
            <label key={choice.value}>
              <input
                type="radio"
                name="action"
                value={choice.value}
                checked={form.values.action === choice.value}
                aria-invalid={actionError ? true : undefined}
                onChange={() => form.setField('action', choice.value)}
              />
              {choice.label}
            </label>
          ))}
          {actionError && <ErrorText id={errorId}>{actionError}</ErrorText>}
        </Choices>
        <HoneypotField value={form.honeypot} onChange={form.setHoneypot} />
        <Button type="submit" size="lg" disabled={form.busy}>
          {form.busy && <Spinner />}
          {form.busy ? 'Sending link...' : 'Email me a link'}
        </Button>
        {form.showResult && (
          <StatusBanner tone={resultTone(form.status)}>{form.message}</StatusBanner>
        )}
      </Form>
    </LinkCard>
  );
}
