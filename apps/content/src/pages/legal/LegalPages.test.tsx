import { screen, within } from '@testing-library/react';
import { SITE_URL, SUPPORT_EMAIL } from '@agentora/data';
import { renderInSite } from '@agentora/ui/testing';
import { PrivacyPage } from './PrivacyPage';
import { TermsPage } from './TermsPage';

const sectionTitles = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('[data-legal-section] h2')).map(
    (heading) => heading.textContent,
  );

describe('legal pages', () => {
  it('privacy: effective July 12, 2025, eight numbered sections, the support address and website', () => {
    const { container } = renderInSite(<PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Effective date: July 12, 2025')).toBeInTheDocument();
    expect(sectionTitles(container)).toEqual([
      '1. Information We Collect',
      '2. How We Use Your Information',
      '3. Cookies and Analytics',
      '4. Third-Party Mailing Services',
      '5. Data Security',
      '6. Your Rights',
      '7. Updates to This Policy',
      '8. Contact Us',
    ]);
    expect(screen.getByText(/Your email address/)).toBeInTheDocument();
    expect(screen.getByText(/Ask us to delete your data/)).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: SUPPORT_EMAIL })) {
      expect(link).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    }
    expect(screen.getByRole('link', { name: 'agentora.ai' })).toHaveAttribute('href', SITE_URL);
  });

  it('privacy: the rights section leads to the data request page and the support address', () => {
    renderInSite(<PrivacyPage />);
    const rights = screen.getByRole('region', { name: '6. Your Rights' });
    expect(within(rights).getByRole('link', { name: 'data request page' })).toHaveAttribute(
      'href',
      '/privacy/erase',
    );
    expect(within(rights).getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
    expect(screen.getByText(/not confirmed within 30 days is deleted/)).toBeInTheDocument();
  });

  it('privacy: says what is kept of where visitors come from, and what a referral does', () => {
    renderInSite(<PrivacyPage />);
    expect(
      screen.getByText(/session storage of that tab only: it is not a cookie/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/the number of page views per day, page and source/),
    ).toBeInTheDocument();
    expect(screen.getByText(/your IP address is not stored with the counts/)).toBeInTheDocument();
    expect(screen.getByText(/your own referral code/)).toBeInTheDocument();
    expect(screen.getByText(/moves you up 10 places/)).toBeInTheDocument();
  });

  it('terms: effective July 12, 2025, eleven numbered sections, creator and buyer roles only as future', () => {
    const { container } = renderInSite(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText('Effective date: July 12, 2025')).toBeInTheDocument();
    expect(sectionTitles(container)).toHaveLength(11);
    expect(sectionTitles(container)[0]).toBe('1. Pre-Launch Nature of the Service');
    expect(sectionTitles(container)[10]).toBe('11. Contact');
    expect(
      screen.getByText(/No transactions, agent uploads or purchases are live/),
    ).toBeInTheDocument();
    expect(screen.getByText(/remove you from the waitlist/)).toBeInTheDocument();
    expect(screen.getByText(/Those roles do not exist yet/)).toBeInTheDocument();
  });

  it('links the contents to every section', () => {
    renderInSite(<TermsPage />);
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    expect(links).toHaveLength(11);
    for (const link of links) {
      const id = link.getAttribute('href')!.slice(1);
      expect(document.getElementById(id)).not.toBeNull();
    }
  });
});
