import { Button, Muted, StatusBanner } from '@agentora/ui';
import { whoami } from '../backend/console-api';
import { useAsync } from '../backend/useAsync';
import { MESSAGES } from '../messages';
import { signOut } from '../session/useConsoleSession';
import { LoadFailure } from '../lists/LoadFailure';
import { Workspace } from './Workspace';

/**
 * Staff get the console; anyone else signed in is told they are not on the staff list. The name shown is
 * the one the database answers: a staff session's own address is the staff member's Auth address, which
 * is not theirs and is never shown.
 */
export function StaffGate({ email }: { email: string }) {
  const [state, reload] = useAsync(whoami, email);
  if (state.status === 'loading') return <Muted role="status">{MESSAGES.checking}</Muted>;
  if (state.status === 'failed') return <LoadFailure error={state.error} onRetry={reload} />;
  const name = state.value.email ?? email;
  if (!state.value.staff)
    return (
      <div>
        <StatusBanner tone="error">{MESSAGES.notStaff(name)}</StatusBanner>
        <p>
          <Button variant="secondary" onClick={() => void signOut()}>
            {MESSAGES.signOut}
          </Button>
        </p>
      </div>
    );
  return <Workspace email={name} />;
}
