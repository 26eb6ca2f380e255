import { loadRuntimeConfig } from '@agentora/data';
import { Muted, Section } from '@agentora/ui';
import { renderStandalone } from '@agentora/ui/standalone';
import HomePage from './exposed/HomePage';
import AboutPage from './exposed/AboutPage';
import BlogPage from './exposed/BlogPage';
import UseCasesPage from './exposed/UseCasesPage';
import HowItWorksPage from './exposed/HowItWorksPage';
import CaseStudiesPage from './exposed/CaseStudiesPage';
import TutorialsPage from './exposed/TutorialsPage';
import CommunityPage from './exposed/CommunityPage';
import PrivacyPage from './exposed/PrivacyPage';
import TermsPage from './exposed/TermsPage';

// Alone, the home page's signups slots show where the shell will place the signups remote's parts.
const slot = (name: string) => (
  <Section>
    <Muted>[{name} — provided by the signups remote inside the shell]</Muted>
  </Section>
);

void renderStandalone(
  'content',
  [
    {
      path: '/',
      label: 'Home',
      element: (
        <HomePage earlyAccessSlot={slot('Early access')} newsletterSlot={slot('Newsletter')} />
      ),
    },
    { path: '/about', label: 'About', element: <AboutPage /> },
    { path: '/blog', label: 'Blog', element: <BlogPage /> },
    { path: '/use-cases', label: 'Use Cases', element: <UseCasesPage /> },
    { path: '/how-it-works', label: 'How It Works', element: <HowItWorksPage /> },
    { path: '/case-studies', label: 'Case Studies', element: <CaseStudiesPage /> },
    { path: '/tutorials', label: 'Tutorials', element: <TutorialsPage /> },
    { path: '/community', label: 'Community', element: <CommunityPage /> },
    { path: '/privacy', label: 'Privacy', element: <PrivacyPage /> },
    { path: '/terms', label: 'Terms', element: <TermsPage /> },
  ],
  async () => {
    await loadRuntimeConfig();
  },
);
