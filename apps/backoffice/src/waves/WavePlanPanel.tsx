import styled from 'styled-components';
import { Button, StatusBanner } from '@agentora/ui';
import { formatMoment } from '../lists/dates';
import { MESSAGES } from '../messages';
import type { useWaveSend } from './useWaveSend';
import { decisionText, sentText } from './wave-text';

const Panel = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** A wave's dry run with its Send (or Schedule) and Change, then what the send did or why it failed. */
export function WavePlanPanel({ wave }: { wave: ReturnType<typeof useWaveSend> }) {
  const { state } = wave;
  if (state.step === 'idle') return null;
  if (state.step === 'sent')
    return <StatusBanner tone="success">{sentText(state.answer)}</StatusBanner>;
  if (state.step === 'failed') return <StatusBanner tone="error">{state.message}</StatusBanner>;
  if (state.step === 'working' && !state.plan) return <p role="status">{MESSAGES.waves.running}</p>;
  const plan = state.plan;
  if (!plan) return null;
  const scheduled = state.request.startsAt !== null;
  return (
    <Panel aria-label="Dry run">
      {state.step === 'planned' && state.moved && <p role="alert">{MESSAGES.waves.moved}</p>}
      <p role="status">
        {scheduled
          ? `If it started now: ${decisionText(plan, 'would')} It is decided again at ${formatMoment(state.request.startsAt)}.`
          : decisionText(plan, 'would')}
      </p>
      <Actions>
        <Button
          disabled={state.step !== 'planned' || (!scheduled && plan.invited === 0)}
          onClick={() => void wave.send()}
        >
          {scheduled
            ? `Schedule for ${formatMoment(state.request.startsAt)}`
            : `Send to ${plan.invited.toLocaleString('en-US')}`}
        </Button>
        <Button variant="secondary" onClick={wave.reset}>
          {MESSAGES.waves.change}
        </Button>
      </Actions>
    </Panel>
  );
}
