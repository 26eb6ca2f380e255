import { useId } from 'react';
import styled from 'styled-components';
import { EMAIL_FIELD_NAME, EMAIL_MAX_LENGTH, type EmailSignup } from '@agentora/forms';
import { Button, HoneypotField, Input, Spinner, VisuallyHidden } from '@agentora/ui';

const FormRow = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  input[type='email'] {
    flex: 1 1 14rem;
    min-width: 0;
  }
  button {
    flex: 0 0 auto;
  }
`;

/** Where the bot check's widget shows itself, on a line of its own, only when it asks the visitor. */
const BotCheckPlace = styled.div`
  flex: 1 1 100%;
  &:empty {
    display: none;
  }
`;

export interface EmailSignupFormProps {
  signup: EmailSignup;
  /** The field's name for assistive tech; the surrounding heading gives sighted visitors the context. */
  label: string;
  placeholder: string;
  submitLabel: string;
  busyLabel: string;
  /** Where the form shows its message: the field points there while the message is about the address. */
  messageId: string;
  /** Accessible name of the form itself, so several email forms on one page stay distinguishable. */
  formLabel: string;
}

/** An email field and its submit button on one line (wrapping when narrow), plus the honeypot. */
export function EmailSignupForm({
  signup,
  label,
  placeholder,
  submitLabel,
  busyLabel,
  messageId,
  formLabel,
}: EmailSignupFormProps) {
  const inputId = useId();
  // Taken apart here: React's lint takes the whole object for a ref once a member goes to `ref`.
  const { formProps: botCheckProps, widgetContainer: botCheckPlace } = signup.botCheck;
  return (
    <FormRow
      noValidate
      onSubmit={signup.handleSubmit}
      {...botCheckProps}
      aria-label={formLabel}
      aria-busy={signup.busy || undefined}
    >
      <VisuallyHidden as="label" htmlFor={inputId}>
        {label}
      </VisuallyHidden>
      <Input
        id={inputId}
        name={EMAIL_FIELD_NAME}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        maxLength={EMAIL_MAX_LENGTH}
        placeholder={placeholder}
        value={signup.email}
        onChange={(event) => signup.setEmail(event.target.value)}
        aria-invalid={signup.emailInvalid || undefined}
        aria-describedby={signup.emailInvalid ? messageId : undefined}
      />
      <Button type="submit" disabled={signup.busy}>
        {signup.busy && <Spinner />}
        {signup.busy ? busyLabel : submitLabel}
      </Button>
      <HoneypotField value={signup.honeypot} onChange={signup.setHoneypot} />
      {botCheckPlace && <BotCheckPlace ref={botCheckPlace} />}
    </FormRow>
  );
}
