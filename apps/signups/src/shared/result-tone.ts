import type { SubmitStatus } from '@agentora/forms';
import type { StatusTone } from '@agentora/ui';

/** Banners and toasts are only shown for a result, so anything but success is the red tone. */
export function resultTone(status: SubmitStatus): StatusTone {
  return status === 'success' ? 'success' : 'error';
}
