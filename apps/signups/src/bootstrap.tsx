import { loadRuntimeConfig } from '@agentora/data';
import { Container } from '@agentora/ui';
import { renderStandalone } from '@agentora/ui/standalone';
import WaitlistPage from './exposed/WaitlistPage';
import EarlyAccessSection from './exposed/EarlyAccessSection';
import NewsletterSignup from './exposed/NewsletterSignup';
import FooterNewsletter from './exposed/FooterNewsletter';
import EmailConfirmPage from './exposed/EmailConfirmPage';
import EmailUnsubscribePage from './exposed/EmailUnsubscribePage';
import EmailPlacePage from './exposed/EmailPlacePage';
import PrivacyRequestPage from './exposed/PrivacyRequestPage';

void renderStandalone(
  'signups',
  [
    { path: '/', label: 'Waitlist page', element: <WaitlistPage /> },
    { path: '/early-access', label: 'Early access section', element: <EarlyAccessSection /> },
    { path: '/newsletter', label: 'Home newsletter', element: <NewsletterSignup /> },
    // The pages of mail links; open them with ?token=… (and ?action=erase|copy) from a local mail.
    { path: '/email/confirm', label: 'Confirm your email', element: <EmailConfirmPage /> },
    { path: '/email/unsubscribe', label: 'Unsubscribe', element: <EmailUnsubscribePage /> },
    { path: '/email/place', label: 'Your place in line', element: <EmailPlacePage /> },
    { path: '/privacy/erase', label: 'Delete or copy your data', element: <PrivacyRequestPage /> },
    {
      path: '/footer-newsletter',
      label: 'Footer newsletter',
      element: (
        <Container style={{ paddingBlock: '2rem', maxWidth: '28rem' }}>
          <FooterNewsletter />
        </Container>
      ),
    },
  ],
  async () => {
    await loadRuntimeConfig();
  },
);
