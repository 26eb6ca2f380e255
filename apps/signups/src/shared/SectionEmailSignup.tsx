import { useId } from 'react';
import { StatusBanner } from '@agentora/ui';
import { EmailSignupForm, type EmailSignupFormProps } from './EmailSignupForm';
import { MessageArea } from './MessageArea';
import { resultTone } from './result-tone';

type SectionEmailSignupProps = Omit<EmailSignupFormProps, 'messageId' | 'label' | 'placeholder'>;

/**
 * A home section's email sign-up: the form, then its result in a banner below it (the footer's compact
 * form shows a toast instead). The sections' heading says what the address is for.
 */
export function SectionEmailSignup(props: SectionEmailSignupProps) {
  const messageId = useId();
  const { signup } = props;
  return (
    <>
      <EmailSignupForm
        {...props}
        label="Email address"
        placeholder="Enter your email"
        messageId={messageId}
      />
      <MessageArea id={messageId}>
        {signup.showResult && (
          <StatusBanner tone={resultTone(signup.status)}>{signup.message}</StatusBanner>
        )}
      </MessageArea>
    </>
  );
}
