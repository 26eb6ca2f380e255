import type { ErasedRecords } from '@agentora/data';
import { erasedItems } from './privacy-messages';

/** What an erasure deleted, what is queued, and what is kept and why. */
export function ErasureSummary({ result }: { result: ErasedRecords }) {
  const items = erasedItems(result);
  return (
    <>
      {items.length > 0 ? (
        <>
          <p>Deleted:</p>
          <ul aria-label="Deleted records">
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>We held no sign-ups or applications for this address.</p>
      )}
      {result.pending.resumes > 0 && (
        <p>
          Your résumé file is no longer linked to you and is queued for deletion; it could not be
          removed right away.
        </p>
      )}
      {result.kept.suppressions > 0 && (
        <p>
          We keep{' '}
          {result.kept.suppressions === 1
            ? 'one unsubscribe record'
            : `${result.kept.suppressions} unsubscribe records`}
          : a one-way fingerprint of your address, the list and the date, so that we never email you
          from that list again.
        </p>
      )}
    </>
  );
}
