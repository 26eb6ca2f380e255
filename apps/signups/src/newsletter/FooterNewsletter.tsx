import { useId } from 'react';
import { Toast } from '@agentora/ui';
import { EmailSignupForm } from '../shared/EmailSignupForm';
import { useNewsletterSignup } from './useNewsletterSignup';
import { resultTone } from '../shared/result-tone';

/**
 * The footer's compact newsletter form. The shell's footer column supplies the heading and the
 * description; this is the field, the button and the 3-second toast.
 */
export function FooterNewsletter() {
  const messageId = useId();
  const signup = useNewsletterSignup();
  return (
    <>
      <EmailSignupForm
        signup={signup}
        formLabel="Footer newsletter sign-up"
        label="Email address for the newsletter"
        placeholder="Your email"
        submitLabel="Subscribe"
        busyLabel="Subscribing..."
        messageId={messageId}
      />
      {signup.showResult && (
        <Toast id={messageId} tone={resultTone(signup.status)}>
          {signup.message}
        </Toast>
      )}
    </>
  );
}
