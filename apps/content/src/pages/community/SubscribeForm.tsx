import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { emailError, useSubmitStatus } from '@agentora/forms';
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

export function SubscribeForm() {
  const [email, setEmail] = useState('');
  const { status, message, busy, showResult, begin, succeed, fail } = useSubmitStatus();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = emailError(email);
    if (error) {
      fail(error);
      return;
    }
    if (!begin()) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setEmail('');
      succeed(COMMUNITY_WELCOME_MESSAGE);
    }, SUBSCRIBE_DELAY_MS);
  };

  return (
    // noValidate: the site's own rule and message apply, not the browser's bubble. While busy the
    // field is read-only rather than disabled, so focus stays where the visitor left it.
    <Form onSubmit={submit} noValidate aria-label="Subscribe to community updates">
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
          aria-invalid={showResult && status === 'error' ? true : undefined}
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
