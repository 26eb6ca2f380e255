import { confirmEmail, type LinePlace, type MailList } from '@agentora/data';
import { Muted } from '@agentora/ui';
import { LIST_NAMES } from './link-messages';
import { LinkActionForm, LinkCard, LinkPage } from './LinkPage';
import { placeMessage, ReferralLink } from './PlaceInLine';
import { useLinkAction } from './useLinkAction';
import { showsLinkAction, useLinkParams } from './useLinkParams';
import { PrivacyPageLink } from './PrivacyPageLink';

/** The confirmation, with the place in line for a list that keeps one. */
export const confirmedMessage = ({ list, place }: { list: MailList; place?: LinePlace }) =>
  `Thank you, your email address is confirmed. ${place ? placeMessage(place) : `You're on ${LIST_NAMES[list]}.`}`;

function ConfirmAction() {
  const action = useLinkAction(confirmEmail, confirmedMessage);
  return (
    <>
      <LinkActionForm
        action={action}
        label="Confirm my email"
        busyLabel="Confirming..."
        details={({ place }) =>
          place && <ReferralLink list={place.list} referralCode={place.referralCode} />
        }
      />
      {action.finished && !action.result && (
        <Muted>
          Confirmed already? Then there is nothing more to do. If your link expired, you can delete
          your sign-up on our <PrivacyPageLink /> and sign up again.
        </Muted>
      )}
    </>
  );
}

/**
 * /email/confirm?token=…: the page the thank-you mail's "Confirm your email" button opens. Opening it
 * changes nothing (a mail scanner may open links); the visitor's press of the button confirms.
 */
export function EmailConfirmPage() {
  const params = useLinkParams();
  return (
    <LinkPage
      title="Confirm your email"
      lead="Confirm that this email address is yours and that you want the emails you signed up for. Until you do, we send it nothing else."
    >
      {showsLinkAction(params) ? (
        <ConfirmAction />
      ) : (
        <LinkCard>
          <p>
            This page confirms a sign-up from the link in the email we sent you. Open that link to
            confirm.
          </p>
        </LinkCard>
      )}
    </LinkPage>
  );
}
