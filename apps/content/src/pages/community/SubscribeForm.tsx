import { useId } from 'react';
import styled from 'styled-components';
import { useEmailSignup, type EmailSignupOutcome } from '@agentora/forms';
import { Button, Spinner, StatusBanner, TextField, up } from '@agentora/ui';

/** The community subscribe makes no call; it succeeds after a simulated 1 second (docs/product/content-pages.md). */
export const SUBSCRIBE_DELAY_MS = 1000;
export const COMMUNITY_WELCOME_MESSAGE =
  "Welcome to the community! You'll receive updates about events and discussions.";

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  max-width: 34rem;
  margin: 0 auto;
`;

const Controls = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  align-items: end;
  ${up('sm')} {
    grid-template-columns: 1fr auto;
  }
`;

/** No call is made: the visitor is welcomed once the simulated second has passed (not if they left). */
const welcomeAfterDelay = (_values: unknown, signal: AbortSignal) =>
  new Promise<EmailSignupOutcome>((resolve) => {
    const timer = setTimeout(
      () => resolve({ ok: true, message: COMMUNITY_WELCOME_MESSAGE }),
      SUBSCRIBE_DELAY_MS,
    );
    signal.addEventListener('abort', () => clearTimeout(timer));
  });

export function SubscribeForm() {
  // The site's one submit flow, with the one email rule; this form has no honeypot (nothing is sent).
  const { email, setEmail, status, message, busy, showResult, emailInvalid, handleSubmit } =
    useEmailSignup({
      send: welcomeAfterDelay,
      honeypotMessage: COMMUNITY_WELCOME_MESSAGE,
      failureMessage: COMMUNITY_WELCOME_MESSAGE,
    });
  const inputId = useId();

  return (
    // noValidate: the site's own rule and message apply, not the browser's bubble. While busy the
    // field is read-only rather than disabled, so focus stays where the visitor left it.
    <Form onSubmit={handleSubmit} noValidate aria-label="Subscribe to community updates">
      <Controls>
        <TextField
          id={inputId}
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          readOnly={busy}
          aria-invalid={emailInvalid || undefined}
        />
        <Button type="submit" disabled={busy}>
          {busy ? (
            <>
              <Spinner />
              Subscribing...
            </>
          ) : (
            'Subscribe'
          )}
        </Button>
      </Controls>
      {showResult && (
        <StatusBanner tone={status === 'success' ? 'success' : 'error'}>{message}</StatusBanner>
      )}
    </Form>
  );
}
