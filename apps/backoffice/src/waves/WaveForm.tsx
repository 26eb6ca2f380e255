import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, SelectField, TextField } from '@agentora/ui';
import { LAUNCH_WAVES, type WaveList } from '@agentora/data/console-lists';
import type { WaveRequest } from '../backend/console-api';
import type { WaveAnswer } from '../backend/console-types';
import { MESSAGES } from '../messages';
import { useWaveSend } from './useWaveSend';
import { WavePlanPanel } from './WavePlanPanel';

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  align-items: end;
  gap: ${({ theme }) => theme.space.md};
`;

interface Draft {
  list: WaveList;
  rule: 'next' | 'up_to';
  number: string;
  when: 'now' | 'at';
  /** YYYY-MM-DDTHH:MM, in UTC (the console shows every time in UTC). */
  at: string;
  reminder: string;
}

const INITIAL: Draft = {
  list: 'early_access',
  rule: 'next',
  number: '',
  when: 'now',
  at: '',
  reminder: '',
};

const whole = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN);

/** The draft as a request, or what is wrong with it (by field). */
export function waveRequest(
  draft: Draft,
  now: Date = new Date(),
): { request: WaveRequest } | { errors: Partial<Record<keyof Draft, string>> } {
  const errors: Partial<Record<keyof Draft, string>> = {};
  const number = whole(draft.number);
  if (draft.rule === 'next' && !(number >= 1 && number <= LAUNCH_WAVES.maxWave)) {
    errors.number = MESSAGES.waves.countInvalid;
  }
  if (draft.rule === 'up_to' && !(number >= 1)) errors.number = MESSAGES.waves.placeInvalid;
  const startsAt = draft.when === 'at' ? new Date(`${draft.at}:00Z`) : null;
  if (startsAt && (Number.isNaN(startsAt.getTime()) || startsAt <= now)) {
    errors.at = MESSAGES.waves.timeInvalid;
  }
  const reminder = draft.reminder.trim() === '' ? null : whole(draft.reminder);
  const { min, max } = LAUNCH_WAVES.reminderDays;
  if (reminder !== null && !(reminder >= min && reminder <= max)) {
    errors.reminder = MESSAGES.waves.reminderHint;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      list: draft.list,
      ...(draft.rule === 'next' ? { count: number } : { upToPlace: number }),
      startsAt: startsAt?.toISOString() ?? null,
      remindAfterDays: reminder,
    },
  };
}

/** A new wave: the list, who (the next N or up to place P), when, and its reminder; a dry run first. */
export function WaveForm({ onSent }: { onSent: (answer: WaveAnswer) => void }) {
  const [draft, setDraft] = useState(INITIAL);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const wave = useWaveSend(onSent);
  const set = (change: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...change }));
    wave.reset();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = waveRequest(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    void wave.plan(checked.request);
  }

  return (
    <>
      <Form aria-label="New wave" onSubmit={submit} noValidate>
        <SelectField
          label="List"
          hint={MESSAGES.waves.order[draft.list]}
          value={draft.list}
          options={(['early_access', 'waitlist'] as const).map((list) => ({
            value: list,
            label: MESSAGES.waves.lists[list],
          }))}
          onChange={(event) => set({ list: event.target.value as WaveList })}
        />
        <SelectField
          label="Invite"
          value={draft.rule}
          options={(['next', 'up_to'] as const).map((rule) => ({
            value: rule,
            label: MESSAGES.waves.rules[rule],
          }))}
          onChange={(event) => set({ rule: event.target.value as Draft['rule'] })}
        />
        <TextField
          label={draft.rule === 'next' ? 'How many (N)' : 'Up to place (P)'}
          inputMode="numeric"
          value={draft.number}
          error={errors.number}
          onChange={(event) => set({ number: event.target.value })}
        />
        <SelectField
          label="Start"
          value={draft.when}
          options={[
            { value: 'now', label: 'Now' },
            { value: 'at', label: 'At a time' },
          ]}
          onChange={(event) => set({ when: event.target.value as Draft['when'] })}
        />
        {draft.when === 'at' && (
          <TextField
            label="At (UTC)"
            type="datetime-local"
            value={draft.at}
            error={errors.at}
            onChange={(event) => set({ at: event.target.value })}
          />
        )}
        <TextField
          label="Remind after (days)"
          hint={MESSAGES.waves.reminderHint}
          inputMode="numeric"
          value={draft.reminder}
          error={errors.reminder}
          onChange={(event) => set({ reminder: event.target.value })}
        />
        <Button type="submit" disabled={wave.state.step === 'working'}>
          {MESSAGES.waves.dryRun}
        </Button>
      </Form>
      <WavePlanPanel wave={wave} />
    </>
  );
}
