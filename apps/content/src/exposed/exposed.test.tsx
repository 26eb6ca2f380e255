import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import { REMOTE_EXPOSES } from '@agentora/contracts';
import { articlePath, ARTICLES } from '@agentora/data';
import { renderInSite } from '@agentora/ui/testing';
import { outlineProblems } from '../test-support/headings';
import HomePage from './HomePage';
import AboutPage from './AboutPage';
import BlogPage from './BlogPage';
import BlogArticlePage from './BlogArticlePage';
import UseCasesPage from './UseCasesPage';
import HowItWorksPage from './HowItWorksPage';
import CaseStudiesPage from './CaseStudiesPage';
import TutorialsPage from './TutorialsPage';
import CommunityPage from './CommunityPage';
import PrivacyPage from './PrivacyPage';
import TermsPage from './TermsPage';

const PAGES: Record<
  (typeof REMOTE_EXPOSES.content)[number],
  { Page: ComponentType; h1: RegExp; route?: string }
> = {
  './HomePage': {
    Page: () => <HomePage earlyAccessSlot={null} newsletterSlot={null} />,
    h1: /^The Future of AI Agent Commerce$/,
  },
  './AboutPage': { Page: AboutPage, h1: /^About Agentora$/ },
  './BlogPage': { Page: BlogPage, h1: /Blog/ },
  './BlogArticlePage': {
    Page: BlogArticlePage,
    h1: /^The AI Agent Economy in 2026: A Market Analysis$/,
    route: articlePath(ARTICLES[0].slug),
  },
  './UseCasesPage': { Page: UseCasesPage, h1: /Use Cases/ },
  './HowItWorksPage': { Page: HowItWorksPage, h1: /^How Agentora Works$/ },
  './CaseStudiesPage': { Page: CaseStudiesPage, h1: /^Case Studies$/ },
  './TutorialsPage': { Page: TutorialsPage, h1: /Tutorials/ },
  './CommunityPage': { Page: CommunityPage, h1: /Community/ },
  './PrivacyPage': { Page: PrivacyPage, h1: /^Privacy Policy$/ },
  './TermsPage': { Page: TermsPage, h1: /^Terms of Service$/ },
};

describe('exposed pages', () => {
  it.each(Object.entries(PAGES))(
    '%s renders one h1 and an outline without skipped levels',
    (_name, { Page, h1, route }) => {
      const { container } = renderInSite(<Page />, { route });
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(h1);
      expect(outlineProblems(container)).toEqual([]);
    },
  );
});

describe('About', () => {
  it('has the mission, vision list, four values and By the Numbers', () => {
    renderInSite(<AboutPage />);
    expect(screen.getByRole('heading', { level: 2, name: 'Our Mission' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Our Vision' })).toBeInTheDocument();
    for (const value of ['Democratize AI', 'Community First', 'Innovation', 'Transparency']) {
      expect(screen.getByRole('heading', { level: 3, name: value })).toBeInTheDocument();
    }
    const numbers = screen.getByRole('region', { name: 'By the Numbers' });
    expect(Array.from(numbers.querySelectorAll('dd')).map((value) => value.textContent)).toEqual([
      '1000+',
      '100+',
      '500+',
      '2026',
    ]);
  });
});

describe('Use Cases', () => {
  it('has six agent types with features, ten industries, three stats and Join Us', () => {
    renderInSite(<UseCasesPage />);
    const agents = screen.getByRole('region', { name: 'Agents for every team' });
    expect(agents.querySelectorAll(':scope li > article')).toHaveLength(6);
    for (const name of [
      'Customer Support Agent',
      'Data Analysis Agent',
      'E-commerce Assistant',
      'Email Marketing Agent',
      'Code Review Agent',
      'Content Creator Agent',
    ]) {
      expect(screen.getByRole('list', { name: `${name} features` })).toBeInTheDocument();
    }
    expect(
      screen.getByRole('region', { name: 'Industries We Serve' }).querySelectorAll('h3'),
    ).toHaveLength(10);
    const impact = screen.getByRole('region', { name: 'The impact' });
    expect(
      Array.from(impact.querySelectorAll('dt')).map(
        (label) => `${label.nextSibling?.textContent} ${label.textContent}`,
      ),
    ).toEqual(['90% Cost reduction', '10x Faster deployment', '24/7 Availability']);
    expect(screen.getByRole('link', { name: 'Join Us' })).toHaveAttribute('href', '/coming-soon');
  });
});

describe('How It Works', () => {
  it('has creator and buyer steps, benefits, the trust bridge, audiences, an example and both calls to action', () => {
    renderInSite(<HowItWorksPage />);
    for (const name of [
      'Create & Host',
      'List Your Agent',
      'We Handle the Rest',
      'Find',
      'Choose Your Setup',
      'Run',
      'Creator Benefits',
      'Buyer Benefits',
      'Shared Hosted',
      'Private Deployment',
      'One-time',
      'Monthly',
      'Pay-per-use',
    ]) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: /trust bridge/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Who it is for' })).toBeInTheDocument();
    expect(screen.getAllByText(/per 100 uses/, { selector: 'p' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Join Waitlist' })).toHaveAttribute(
      'href',
      '/coming-soon',
    );
    expect(screen.getByRole('link', { name: 'Read the Blog' })).toHaveAttribute('href', '/blog');
  });
});

describe('Community', () => {
  it('has stats, four platform cards to /coming-soon, discussions, events with Register Free, contributors, resources and the subscribe form', () => {
    renderInSite(<CommunityPage />);
    const platforms = screen.getByRole('region', { name: 'Where the community meets' });
    const platformLinks = Array.from(platforms.querySelectorAll('a'));
    expect(platformLinks).toHaveLength(4);
    for (const link of platformLinks) expect(link).toHaveAttribute('href', '/coming-soon');
    expect(screen.getByRole('region', { name: 'Recent Discussions' })).toBeInTheDocument();
    const register = screen.getAllByRole('link', { name: /^Register Free/ });
    expect(register.length).toBeGreaterThan(0);
    for (const link of register) expect(link).toHaveAttribute('href', '/coming-soon');
    expect(screen.getByRole('region', { name: 'Top Contributors' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse tutorials' })).toHaveAttribute(
      'href',
      '/tutorials',
    );
    expect(
      screen.getByRole('form', { name: 'Subscribe to community updates' }),
    ).toBeInTheDocument();
  });
});
