import { screen } from '@testing-library/react';
import { COMING_SOON_LABEL } from '@agentora/data';
import { renderInSite } from '@agentora/ui/testing';
import { outlineProblems } from '../../test-support/headings';
import { HomePage } from './HomePage';

function renderHome() {
  return renderInSite(
    <HomePage
      earlyAccessSlot={
        <section data-testid="early-access-slot">
          <h2>Get Early Access</h2>
        </section>
      }
      newsletterSlot={
        <section data-testid="newsletter-slot">
          <h2>Stay Updated</h2>
        </section>
      }
    />,
  );
}

describe('HomePage', () => {
  it('shows the hero: COMING SOON, the headline, Join Waitlist and three feature cards', () => {
    renderHome();
    expect(screen.getByText(COMING_SOON_LABEL)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'The Future of AI Agent Commerce' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join Waitlist' })).toHaveAttribute(
      'href',
      '/coming-soon',
    );
    for (const title of ['1000+ Agents Ready', 'Global Compute Pool', 'Zero Setup']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Explore Our Vision' })).toHaveAttribute(
      'href',
      '/#vision',
    );
  });

  it('puts the sections and the two slots in the documented order, with the anchors', () => {
    const { container } = renderHome();
    const order = Array.from(
      container.querySelectorAll(
        'section#vision, section#how-it-works, [data-testid="early-access-slot"], section#roadmap, section#blog, [data-testid="newsletter-slot"]',
      ),
    ).map((element) => element.id || element.getAttribute('data-testid'));
    expect(order).toEqual([
      'vision',
      'how-it-works',
      'early-access-slot',
      'roadmap',
      'blog',
      'newsletter-slot',
    ]);
    expect(container.lastElementChild).toBe(screen.getByTestId('newsletter-slot'));
  });

  it('covers vision, problem/solution and how it works', () => {
    renderHome();
    for (const name of [
      'Intelligent Automation',
      'Decentralized Economy',
      'Exponential Growth',
      'Discover',
      'Purchase',
      'Deploy',
      'Scale',
      'For Buyers',
      'For Sellers',
    ]) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.getByText(/80% of routine business operations/)).toBeInTheDocument();
    expect(screen.getAllByText(/\$50K-\$500K|6-12 months|70% of compute/)).toHaveLength(3);
    for (const label of ['Cost reduction', 'Faster setup', 'Productivity'])
      expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('has one h1 and no skipped heading levels', () => {
    const { container } = renderHome();
    expect(outlineProblems(container)).toEqual([]);
  });
});
