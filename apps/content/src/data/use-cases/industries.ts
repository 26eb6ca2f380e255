import type { Industry, Stat } from '../types';

/** The ten industries of the Use Cases page. */
export const INDUSTRIES: readonly Industry[] = [
  {
    id: 'healthcare',
    name: 'Healthcare',
    icon: 'heart',
    description: 'Patient scheduling, intake forms and claims follow-up.',
  },
  {
    id: 'finance',
    name: 'Finance',
    icon: 'dollar',
    description: 'Invoice matching, fraud screening and reporting.',
  },
  {
    id: 'e-commerce',
    name: 'E-commerce',
    icon: 'target',
    description: 'Shopping assistants, catalogue upkeep and support.',
  },
  {
    id: 'saas',
    name: 'SaaS',
    icon: 'layers',
    description: 'Onboarding, support deflection and churn signals.',
  },
  {
    id: 'real-estate',
    name: 'Real Estate',
    icon: 'search',
    description: 'Lead qualification, listings and viewing bookings.',
  },
  {
    id: 'manufacturing',
    name: 'Manufacturing',
    icon: 'cpu',
    description: 'Quality checks, maintenance alerts and supplier updates.',
  },
  {
    id: 'education',
    name: 'Education',
    icon: 'book',
    description: 'Tutoring, grading support and student questions.',
  },
  {
    id: 'marketing',
    name: 'Marketing',
    icon: 'trending-up',
    description: 'Campaigns, content and performance reports.',
  },
  {
    id: 'legal',
    name: 'Legal',
    icon: 'file',
    description: 'Contract review, research and document drafting.',
  },
  {
    id: 'logistics',
    name: 'Logistics',
    icon: 'globe',
    description: 'Shipment tracking, routing and customer updates.',
  },
];

export const USE_CASE_STATS: readonly Stat[] = [
  { value: '90%', label: 'Cost reduction' },
  { value: '10x', label: 'Faster deployment' },
  { value: '24/7', label: 'Availability' },
];
