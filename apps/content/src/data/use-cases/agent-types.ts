import type { AgentType } from '../types';

/** The six agent types of the Use Cases page. */
export const AGENT_TYPES: readonly AgentType[] = [
  {
    id: 'customer-support',
    name: 'Customer Support Agent',
    icon: 'chat',
    description:
      'Answers customer questions around the clock, resolves common requests and hands hard cases to your team with full context.',
    features: [
      '24/7 answers across chat and email',
      'Order, refund and account lookups',
      'Escalation with conversation summary',
      'Replies in your brand voice',
    ],
  },
  {
    id: 'data-analysis',
    name: 'Data Analysis Agent',
    icon: 'chart',
    description:
      'Turns raw data into answers: cleans datasets, spots trends and writes the report your team would otherwise build by hand.',
    features: [
      'Automated data cleaning',
      'Trend and anomaly detection',
      'Scheduled reports and dashboards',
      'Plain-language answers to data questions',
    ],
  },
  {
    id: 'e-commerce-assistant',
    name: 'E-commerce Assistant',
    icon: 'target',
    description:
      'Helps shoppers find the right product and keeps your catalogue, prices and stock in order behind the scenes.',
    features: [
      'Personalized product recommendations',
      'Inventory and pricing updates',
      'Abandoned-cart follow-ups',
      'Product description writing',
    ],
  },
  {
    id: 'email-marketing',
    name: 'Email Marketing Agent',
    icon: 'mail',
    description:
      'Plans, writes and tests campaigns, then learns from every send which subject lines and segments perform.',
    features: [
      'Audience segmentation',
      'Campaign copy and subject lines',
      'A/B testing with automatic winners',
      'Send-time optimization',
    ],
  },
  {
    id: 'code-review',
    name: 'Code Review Agent',
    icon: 'code',
    description:
      'Reviews every pull request for bugs, security issues and style, so your engineers review what matters.',
    features: [
      'Bug and security checks on every change',
      'Style and best-practice suggestions',
      'Test coverage hints',
      'Works with your existing repositories',
    ],
  },
  {
    id: 'content-creator',
    name: 'Content Creator Agent',
    icon: 'book',
    description:
      'Drafts blog posts, social updates and product copy from a brief, and adapts them to each channel.',
    features: [
      'Long-form drafts from a brief',
      'Social posts for every channel',
      'SEO keywords and meta text',
      'Consistent brand voice',
    ],
  },
];
