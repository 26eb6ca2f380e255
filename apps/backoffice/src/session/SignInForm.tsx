import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Card, Lead, SectionTitle, StatusBanner, TextField } from '@agentora/ui';
import { CODE_DIGITS, CODE_PATTERN, MESSAGES } from '../messages';
import { requestCode, verifyCode } from './sign-in';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  max-width: 28rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

type Step = { name: 'email' } | { name: 'code'; email: string };

/** Email, then the code from the mail. What was typed stays when a step fails. */
export function SignInForm() {
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const t = MESSAGES.signIn;

  async function send(address: string) {
    setBusy(true);
    setError(undefined);
    const result = await requestCode(address);
    setBusy(false);
    if (result.ok) {
      setCode('');
      setStep({ name: 'code', email: address });
    } else setError(result.message);
  }

  async function onEmail(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setError(t.invalidEmail);
      return;
    }
    await send(address);
  }

  async function onCode(event: FormEvent) {
    event.preventDefault();
    if (step.name !== 'code') return;
    const value = code.trim();
    if (!CODE_PATTERN.test(value)) {
      setError(t.invalidCode);
      return;
    }
    setBusy(true);
    setError(undefined);
    const result = await verifyCode(step.email, value);
    setBusy(false);
    // Signed in: the session hook moves the console on.
    if (!result.ok) setError(result.message);
  }

  return (
    <Card>
      <SectionTitle>{t.heading}</SectionTitle>
      {step.name === 'email' ? (
        <Form aria-label={t.heading} noValidate onSubmit={onEmail}>
          <Lead>{t.intro}</Lead>
          <TextField
            label={t.emailLabel}
            type="email"
            autoComplete="email"
            required
            value={email}
            error={error}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Actions>
            <Button type="submit" disabled={busy}>
              {busy ? t.sending : t.sendCode}
            </Button>
          </Actions>
        </Form>
      ) : (
        <Form aria-label={t.heading} noValidate onSubmit={onCode}>
          <StatusBanner tone="success">{t.codeSent(step.email)}</StatusBanner>
          <TextField
            label={t.codeLabel}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_DIGITS}
            required
            value={code}
            error={error}
            onChange={(event) => setCode(event.target.value)}
          />
          <Actions>
            <Button type="submit" disabled={busy}>
              {busy ? t.verifying : t.verify}
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={busy}
              onClick={() => void send(step.email)}
            >
              {t.newCode}
            </Button>
            <Button
              type="button"
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setError(undefined);
                setStep({ name: 'email' });
              }}
            >
              {t.otherEmail}
            </Button>
          </Actions>
        </Form>
      )}
    </Card>
  );
}
