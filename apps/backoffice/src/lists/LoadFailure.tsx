import { Button, StatusBanner } from '@agentora/ui';
import { MESSAGES } from '../messages';

/** A failed load: what went wrong, and a way to try again. */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const detail = error instanceof Error ? ` ${error.message}` : '';
  return (
    <div role="alert">
      <StatusBanner tone="error">{`${MESSAGES.loadFailed}${detail}`}</StatusBanner>
      <p>
        <Button variant="secondary" onClick={onRetry}>
          {MESSAGES.retry}
        </Button>
      </p>
    </div>
  );
}
