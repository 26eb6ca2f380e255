// What the visitor did before the shell's entry ran at all, noted by the prerendered page's inline
// script (libs/contracts/src/prerendered-page.ts): taken over once the entry runs.
import { EARLY_USE_GLOBAL, type EarlyUse } from '@agentora/contracts/prerendered-page';
import { holdDrop } from './dropped-files';
import { isField, recordEarlyValue } from './early-values';
import { holdPress, holdSubmit } from './held-presses';
import { intend } from './intent';
import { waitingPart } from './parts';

/**
 * The parts used start loading, their fields' values are kept for the hand-over, sent forms, presses
 * and dropped files are held.
 */
export function takeOverEarlyUse(): void {
  const early = (window as unknown as Record<string, EarlyUse | undefined>)[EARLY_USE_GLOBAL];
  if (!early) return;
  early.stop();
  for (const target of early.used) {
    const part = waitingPart(target);
    if (!part) continue;
    if (isField(target)) recordEarlyValue(target);
    intend(part);
  }
  for (const [form, submitter] of early.held) {
    const part = waitingPart(form);
    if (part) holdSubmit(part, form, submitter);
  }
  for (const pressed of early.pressed) {
    const part = waitingPart(pressed);
    if (part) holdPress(part, pressed);
  }
  for (const [target, files] of early.dropped) {
    const part = waitingPart(target);
    if (part && target instanceof Element) holdDrop(part, target, files);
  }
}
