import { loadRuntimeConfig } from '@agentora/data';
import { Container } from '@agentora/ui';
import { renderStandalone } from '@agentora/ui/standalone';
import WaitlistPage from './exposed/WaitlistPage';
import EarlyAccessSection from './exposed/EarlyAccessSection';
import NewsletterSignup from './exposed/NewsletterSignup';
import FooterNewsletter from './exposed/FooterNewsletter';

void renderStandalone(
  'signups',
  [
    { path: '/', label: 'Waitlist page', element: <WaitlistPage /> },
    { path: '/early-access', label: 'Early access section', element: <EarlyAccessSection /> },
    { path: '/newsletter', label: 'Home newsletter', element: <NewsletterSignup /> },
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
