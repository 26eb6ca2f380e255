import { SUPPORT_EMAIL, SUPPORT_MAILTO, unsubscribe, type MailList } from '@agentora/data';
import { Muted } from '@agentora/ui';
import { LIST_NAMES } from './link-messages';
import { LinkActionForm, LinkCard, LinkPage } from './LinkPage';
import { PrivacyPageLink } from './PrivacyPageLink';
import { useLinkAction } from './useLinkAction';
import { showsLinkAction, useLinkParams } from './useLinkParams';

export const unsubscribedMessage = ({ list }: { list: MailList }) =>
  list === 'career'
    ? "Done: you won't get more emails about your application."
    : `Done: you're unsubscribed from ${LIST_NAMES[list]}. We deleted your sign-up and won't email you from it again.`;

function UnsubscribeAction() {
  const action = useLinkAction(unsubscribe, unsubscribedMessage);
  return (
    <>
      <LinkActionForm
        action={action}
        label="Unsubscribe"
        busyLabel="Unsubscribing..."
        details={({ list }) =>
          list === 'career' && (
            <p>
              Your application itself is still with us. To withdraw it and delete your data, use our{' '}
              <PrivacyPageLink />.
            </p>
          )
        }
      />
      {action.finished && !action.result && (
        <Muted>
          Still getting emails from us? Use the unsubscribe link of the latest one, or write to{' '}
          <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>.
        </Muted>
      )}
    </>
  );
}

/**
 * /email/unsubscribe?token=…: the page of every mail's unsubscribe link. Mail providers' one-click
 * buttons post to the same function directly (RFC 8058); here the visitor's press of the button does.
 */
export function EmailUnsubscribePage() {
  const params = useLinkParams();
  return (
    <LinkPage
      title="Unsubscribe"
      lead="Stop our emails from the list this link came from. We delete your sign-up and keep only a one-way fingerprint of your address, the list and the date, so that we never email you from that list again. A job application stays with us until you delete it."
    >
      {showsLinkAction(params) ? (
        <UnsubscribeAction />
      ) : (
        <LinkCard>
          <p>
            Every email we send has an unsubscribe link at the bottom. Open it to unsubscribe from
            that list.
          </p>
        </LinkCard>
      )}
    </LinkPage>
  );
}
