import { CASE_STUDY_INDUSTRIES, type CaseStudy, type Stat } from '../types';

export { CASE_STUDY_INDUSTRIES };

export const CASE_STUDY_STATS: readonly Stat[] = [
  { value: '50+', label: 'Success stories' },
  { value: '90%', label: 'Cost reduction' },
  { value: '10x', label: 'Faster setup' },
  { value: '10x', label: 'Productivity' },
];

/** Four sample studies from the beta programme, one featured. */
export const CASE_STUDIES: readonly CaseStudy[] = [
  {
    id: 'cloudnest-support-automation',
    company: 'CloudNest',
    industry: 'SaaS',
    logo: { initials: 'CN', palette: 'violet' },
    challenge:
      'CloudNest, a project-management platform, saw support tickets triple in a year. Response times slipped past 12 hours and hiring could not keep up with growth.',
    solution:
      'They deployed a customer-support agent on shared hosting, connected to their help desk and billing system, answering account and billing questions and escalating bugs with a summary.',
    results: { costSaving: '68%', timeReduction: '92%', satisfaction: '4.8/5', roi: '410%' },
    metrics: [
      {
        label: 'First response time',
        before: '12 hours',
        after: '45 seconds',
        improvement: '99% faster',
      },
      {
        label: 'Tickets resolved without a person',
        before: '0%',
        after: '72%',
        improvement: '+72 points',
      },
      {
        label: 'Monthly support cost',
        before: '$48,000',
        after: '$15,400',
        improvement: '68% lower',
      },
    ],
    testimonial:
      'We went from drowning in tickets to answering most of them in under a minute. The agent was live in an afternoon, and our team now spends its time on the hard problems.',
    author: { name: 'Elena Vasquez', role: 'VP of Customer Experience, CloudNest' },
    featured: true,
    tags: ['Customer Support', 'Automation', 'Help Desk'],
    downloadUrl: null,
  },
  {
    id: 'urbanthread-personal-shopping',
    company: 'UrbanThread',
    industry: 'E-commerce',
    logo: { initials: 'UT', palette: 'rose' },
    challenge:
      'UrbanThread, an online fashion retailer, had a 74% cart abandonment rate and a small team that could not give shoppers personal advice at scale.',
    solution:
      'An e-commerce assistant now recommends sizes and outfits, answers stock questions and follows up abandoned carts with personalized suggestions.',
    results: { costSaving: '35%', timeReduction: '60%', satisfaction: '4.6/5', roi: '320%' },
    metrics: [
      { label: 'Cart abandonment', before: '74%', after: '58%', improvement: '16 points lower' },
      { label: 'Average order value', before: '$62', after: '$79', improvement: '+27%' },
      { label: 'Returns for wrong size', before: '21%', after: '12%', improvement: '43% fewer' },
    ],
    testimonial:
      'It feels like having a personal stylist for every visitor. Shoppers buy more, and they send back less.',
    author: { name: 'Marcus Lee', role: 'Head of E-commerce, UrbanThread' },
    featured: false,
    tags: ['E-commerce Assistant', 'Recommendations', 'Conversion'],
    downloadUrl: null,
  },
  {
    id: 'meridian-health-scheduling',
    company: 'Meridian Health Clinics',
    industry: 'Healthcare',
    logo: { initials: 'MH', palette: 'emerald' },
    challenge:
      'A network of 14 clinics lost hours every day to phone scheduling and paper intake forms, and 18% of appointments ended as no-shows.',
    solution:
      'A scheduling agent, run as a private deployment inside their own environment, books and reschedules visits, collects intake details ahead of time and sends reminders.',
    results: { costSaving: '42%', timeReduction: '75%', satisfaction: '4.7/5', roi: '280%' },
    metrics: [
      {
        label: 'Staff hours on scheduling per week',
        before: '160',
        after: '40',
        improvement: '75% fewer',
      },
      { label: 'No-show rate', before: '18%', after: '7%', improvement: '11 points lower' },
      {
        label: 'Intake completed before the visit',
        before: '35%',
        after: '88%',
        improvement: '+53 points',
      },
    ],
    testimonial:
      'Our front-desk teams finally have time for the patients in front of them. Running the agent privately made our compliance review straightforward.',
    author: { name: 'Dr. Aisha Rahman', role: 'Chief Operating Officer, Meridian Health Clinics' },
    featured: false,
    tags: ['Scheduling', 'Private Deployment', 'Patient Experience'],
    downloadUrl: null,
  },
  {
    id: 'ledgerline-invoice-reconciliation',
    company: 'LedgerLine Capital',
    industry: 'Finance',
    logo: { initials: 'LL', palette: 'amber' },
    challenge:
      'LedgerLine’s finance team reconciled thousands of invoices by hand each month, closing the books took nine days, and manual errors slipped into reports.',
    solution:
      'A data analysis agent matches invoices to payments, flags anomalies for review and drafts the month-end report, paid per use so costs follow volume.',
    results: { costSaving: '55%', timeReduction: '80%', satisfaction: '4.9/5', roi: '510%' },
    metrics: [
      {
        label: 'Days to close the books',
        before: '9 days',
        after: '2 days',
        improvement: '78% faster',
      },
      {
        label: 'Invoices matched automatically',
        before: '0%',
        after: '94%',
        improvement: '+94 points',
      },
      {
        label: 'Errors found after close',
        before: '31 per month',
        after: '3 per month',
        improvement: '90% fewer',
      },
    ],
    testimonial:
      'Month-end used to be a week of spreadsheets. Now the agent does the matching and we review the exceptions.',
    author: { name: 'Thomas Becker', role: 'CFO, LedgerLine Capital' },
    featured: false,
    tags: ['Data Analysis', 'Reconciliation', 'Reporting'],
    downloadUrl: null,
  },
];
