import type { ExposedComponent } from '@agentora/contracts';

function FooterNewsletter() {
  return <div data-testid="footer-newsletter" />;
}

export default FooterNewsletter satisfies ExposedComponent<'signups', './FooterNewsletter'>;
