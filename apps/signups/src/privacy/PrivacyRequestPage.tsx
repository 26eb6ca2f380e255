import { copyRecords, eraseRecords } from '@agentora/data';
import { StatusBanner } from '@agentora/ui';
import { LINK_NOT_VALID_MESSAGE } from '../email-links/link-messages';
import { LinkActionForm, LinkPage } from '../email-links/LinkPage';
import { useLinkAction } from '../email-links/useLinkAction';
import { useLinkParams } from '../email-links/useLinkParams';
import { ErasureSummary } from './ErasureSummary';
import { COPY_DONE_MESSAGE, ERASE_DONE_MESSAGE } from './privacy-messages';
import { PrivacyRequestForm } from './PrivacyRequestForm';
import { RecordsCopy } from './RecordsCopy';

const HELD =
  'sign-ups to our early access list, waitlist and newsletter, job applications and résumés';

function EraseAction() {
  const action = useLinkAction(eraseRecords, () => ERASE_DONE_MESSAGE);
  return (
    <LinkPage
      title="Delete your data"
      lead={`Pressing the button deletes every record we hold for the email address this link was sent to: ${HELD}. This cannot be undone.`}
    >
      <LinkActionForm
        action={action}
        label="Delete my data"
        busyLabel="Deleting..."
        details={(result) => <ErasureSummary result={result} />}
      />
    </LinkPage>
  );
}

function CopyAction() {
  const action = useLinkAction(copyRecords, () => COPY_DONE_MESSAGE);
  return (
    <LinkPage
      title="See your data"
      lead={`Pressing the button shows every record we hold for the email address this link was sent to: ${HELD}. The link works once, so save what you need.`}
    >
      <LinkActionForm
        action={action}
        label="Show my data"
        busyLabel="Loading..."
        details={({ records }) => <RecordsCopy records={records} />}
      />
    </LinkPage>
  );
}

/**
 * /privacy/erase: ask for a link to delete, or to see, every record of an address; the link (mailed to
 * that address, valid for an hour) opens this page again with `?action=…&token=…`, which does it on a
 * press of its button.
 */
export function PrivacyRequestPage() {
  const params = useLinkParams();
  if (params?.token && params.action === 'erase') return <EraseAction />;
  if (params?.token && params.action === 'copy') return <CopyAction />;
  return (
    <LinkPage
      title="Delete or copy your data"
      lead={`Ask us to delete every record we hold for your email address (${HELD}), or to show you a copy. We email a link to the address, so only its owner can go on; we tell nobody whether we hold anything for it.`}
    >
      {params?.token && <StatusBanner tone="error">{LINK_NOT_VALID_MESSAGE}</StatusBanner>}
      <PrivacyRequestForm />
    </LinkPage>
  );
}
