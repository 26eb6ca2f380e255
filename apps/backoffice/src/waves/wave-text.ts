import { SKIP_REASONS } from '@agentora/data/console-lists';
import type { WaveAnswer, WaveDecision, WaveRow } from '../backend/console-types';
import { formatCount } from '../growth/conversion';
import { formatMoment } from '../lists/dates';
import { MESSAGES } from '../messages';

// A wave in words: what a decision found, what a wave asked for. One place, so the form, the list of
// waves, a wave's page and "Invite selected" say the same.

const people = (n: number) => `${formatCount(n)} ${n === 1 ? 'member' : 'members'}`;

/** "places 1 to 104" ("place 7" for one). */
function placesText(decision: Pick<WaveDecision, 'first_place' | 'last_place'>): string {
  const { first_place: first, last_place: last } = decision;
  if (first === null || last === null) return '';
  return first === last
    ? `place ${formatCount(first)}`
    : `places ${formatCount(first)} to ${formatCount(last)}`;
}

/** "Passed over 4: 2 unconfirmed, 1 unsubscribed, 1 bounced." or '' when nobody was. */
export function skippedText(skipped: WaveDecision['skipped']): string {
  if (!skipped.total) return '';
  const parts = SKIP_REASONS.filter((reason) => skipped[reason] > 0).map(
    (reason) => `${formatCount(skipped[reason])} ${MESSAGES.waves.skipReasons[reason]}`,
  );
  return `Passed over ${formatCount(skipped.total)}: ${parts.join(', ')}.`;
}

/** What a decision found, as a dry run says it ("Would invite …") or a sent wave ("Invited …"). */
export function decisionText(decision: WaveDecision, tense: 'would' | 'did'): string {
  const skipped = skippedText(decision.skipped);
  if (decision.invited === 0) {
    return [tense === 'would' ? MESSAGES.waves.nobody : 'Nobody was invited.', skipped]
      .filter(Boolean)
      .join(' ');
  }
  const verb = tense === 'would' ? 'Would invite' : 'Invited';
  return `${verb} ${people(decision.invited)}: ${placesText(decision)}. ${skipped}`.trim();
}

/** The answer to a send: the wave sent, or scheduled (and who it would invite if it started now). */
export function sentText(answer: WaveAnswer): string {
  if (answer.status === 'scheduled') {
    return `Wave ${answer.wave} is scheduled for ${formatMoment(answer.starts_at)}; it is decided then. If it started now: ${decisionText(answer, 'would')}`;
  }
  return `Wave ${answer.wave}: ${decisionText(answer, 'did')}`;
}

/** What a wave asked for: "Early access, the next 100" or "Waitlist, everyone up to place 500". */
export function ruleText(
  wave: Pick<WaveRow, 'list' | 'rule' | 'count' | 'up_to_place' | 'chosen'>,
): string {
  const list = MESSAGES.waves.lists[wave.list];
  switch (wave.rule) {
    case 'next':
      return `${list}, the next ${formatCount(wave.count ?? 0)}`;
    case 'up_to':
      return `${list}, everyone up to place ${formatCount(wave.up_to_place ?? 0)}`;
    case 'chosen':
      return `${list}, ${formatCount(wave.chosen ?? 0)} chosen`;
    case 'before_waves':
      return `${list}, ${MESSAGES.waves.rules.before_waves}`;
  }
}

/** A member's invitation in a list: where it stands and which wave ('—' when not invited). */
export function invitationText(row: {
  invite_state?: keyof typeof MESSAGES.inviteStates | null;
  invite_wave?: number | null;
}): string {
  if (!row.invite_state) return '—';
  const state = MESSAGES.inviteStates[row.invite_state];
  return row.invite_wave ? `${state} · wave ${row.invite_wave}` : state;
}
