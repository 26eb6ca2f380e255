import { useState } from 'react';
import { ConsoleApiError, inviteWave, type WaveRequest } from '../backend/console-api';
import type { WaveAnswer } from '../backend/console-types';
import { MESSAGES } from '../messages';

/** Where a wave stands in the console: nothing asked, a dry run shown, sent, or refused. */
export type WaveSendState =
  | { step: 'idle' }
  | { step: 'working'; request: WaveRequest; plan?: WaveAnswer }
  | { step: 'planned'; request: WaveRequest; plan: WaveAnswer; moved?: boolean }
  | { step: 'sent'; answer: WaveAnswer }
  | { step: 'failed'; message: string };

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A dry run first, then the send of exactly that: a wave sent now is held to the dry run's plan, so
 * that if the line moved in between the database refuses it (PT409), nothing is sent, and the new dry
 * run is shown instead. A scheduled wave is decided when it starts; its dry run says who it would be now.
 */
export function useWaveSend(onSent?: (answer: WaveAnswer) => void) {
  const [state, setState] = useState<WaveSendState>({ step: 'idle' });

  async function plan(request: WaveRequest, moved = false) {
    setState({ step: 'working', request });
    try {
      setState({ step: 'planned', request, plan: await inviteWave(request, true), moved });
    } catch (error) {
      setState({ step: 'failed', message: `${MESSAGES.waves.failed} ${reason(error)}` });
    }
  }

  async function send() {
    if (state.step !== 'planned') return;
    const { request, plan: planned } = state;
    setState({ step: 'working', request, plan: planned });
    try {
      const answer = await inviteWave(request, false, request.startsAt ? null : planned.plan);
      setState({ step: 'sent', answer });
      onSent?.(answer);
    } catch (error) {
      if (error instanceof ConsoleApiError && error.code === 'PT409') {
        await plan(request, true);
        return;
      }
      setState({ step: 'failed', message: `${MESSAGES.waves.failed} ${reason(error)}` });
    }
  }

  return { state, plan, send, reset: () => setState({ step: 'idle' }) };
}
