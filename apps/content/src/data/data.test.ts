/** @jest-environment node */
import { BLOG_CATEGORIES, BLOG_POSTS } from './blog/posts';
import { CASE_STUDIES, CASE_STUDY_INDUSTRIES } from './case-studies/case-studies';
import { ROADMAP } from './home/roadmap';
import { LEARNING_PATHS } from './tutorials/learning-paths';
import { TUTORIAL_CATEGORIES, TUTORIAL_LEVELS, TUTORIALS } from './tutorials/tutorials';
import { AGENT_TYPES } from './use-cases/agent-types';
import { INDUSTRIES } from './use-cases/industries';
import { PRIVACY_SECTIONS } from './legal/privacy';
import { TERMS_SECTIONS } from './legal/terms';
import {
  COMMUNITY_EVENTS,
  COMMUNITY_PLATFORMS,
  DISCUSSIONS,
  TOP_CONTRIBUTORS,
} from './community/community';

const unique = (values: readonly string[]) => new Set(values).size === values.length;

describe('built-in content (docs/product/content-pages.md)', () => {
  it('has five blog posts, one featured, on market analysis', () => {
    expect(BLOG_POSTS).toHaveLength(5);
    const featured = BLOG_POSTS.filter((post) => post.featured);
    expect(featured).toHaveLength(1);
    expect(featured[0].category).toBe('Market Analysis');
    expect(featured[0].title).toMatch(/market analysis/i);
    expect(unique(BLOG_POSTS.map((post) => post.slug))).toBe(true);
  });

  it('has exactly the seven blog categories, All first', () => {
    expect(BLOG_CATEGORIES.join(', ')).toBe(
      'All, AI Agents, Market Analysis, Tutorial, Technology, Case Study, Business Strategy',
    );
  });

  it('gives every post a real article body of several hundred words and valid ISO dates', () => {
    for (const post of BLOG_POSTS) {
      expect(post.content.split(/\s+/).length).toBeGreaterThan(400);
      expect(post.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(new Date(post.date).getTime())).toBe(false);
      expect(post.tags.length).toBeGreaterThan(0);
      expect(post.image.alt.length).toBeGreaterThan(10);
      expect(post.readTime).toMatch(/^\d+ min read$/);
    }
  });

  it('has four case studies, one featured, with results, before/after metrics and a testimonial', () => {
    expect(CASE_STUDIES).toHaveLength(4);
    expect(CASE_STUDIES.filter((study) => study.featured)).toHaveLength(1);
    for (const study of CASE_STUDIES) {
      expect(Object.keys(study.results).sort()).toEqual([
        'costSaving',
        'roi',
        'satisfaction',
        'timeReduction',
      ]);
      expect(study.metrics.length).toBeGreaterThan(0);
      for (const metric of study.metrics)
        expect(Object.keys(metric).sort()).toEqual(['after', 'before', 'improvement', 'label']);
      expect(study.testimonial).not.toBe('');
      expect(CASE_STUDY_INDUSTRIES).toContain(study.industry);
    }
    expect(CASE_STUDY_INDUSTRIES.join(', ')).toBe(
      'All, SaaS, E-commerce, Healthcare, Finance, Manufacturing, Real Estate',
    );
  });

  it('has six tutorials (one featured), three learning paths, and the exact filter options', () => {
    expect(TUTORIALS).toHaveLength(6);
    expect(TUTORIALS.filter((tutorial) => tutorial.featured)).toHaveLength(1);
    expect(LEARNING_PATHS).toHaveLength(3);
    expect(TUTORIAL_CATEGORIES.join(', ')).toBe(
      'All, Getting Started, Data Science, E-commerce, No-Code, Finance, Business',
    );
    expect(TUTORIAL_LEVELS.join(', ')).toBe('All, Beginner, Intermediate, Advanced');
    for (const tutorial of TUTORIALS) {
      expect(tutorial.rating).toBeGreaterThan(0);
      expect(tutorial.rating).toBeLessThanOrEqual(5);
      expect(tutorial.topics.length).toBeGreaterThan(0);
    }
    // The 15,000+ students figure the page shows is backed by the data.
    expect(TUTORIALS.reduce((sum, tutorial) => sum + tutorial.students, 0)).toBeGreaterThanOrEqual(
      15000,
    );
  });

  it('has six agent types with feature lists and ten industries', () => {
    expect(AGENT_TYPES).toHaveLength(6);
    for (const agent of AGENT_TYPES) expect(agent.features.length).toBeGreaterThan(0);
    expect(INDUSTRIES).toHaveLength(10);
    expect(unique(INDUSTRIES.map((industry) => industry.name))).toBe(true);
  });

  it('has the four roadmap quarters: Q1 2026 in progress (green), the rest planned', () => {
    expect(ROADMAP.map((item) => [item.quarter, item.title, item.status])).toEqual([
      ['Q1 2026', 'Foundation & Beta', 'In Progress'],
      ['Q2 2026', 'Platform Launch', 'Planned'],
      ['Q3 2026', 'Scale & Optimize', 'Planned'],
      ['Q4 2026', 'Enterprise & Security', 'Planned'],
    ]);
    expect(ROADMAP[0].color).toBe('success');
    expect(ROADMAP.slice(1).every((item) => item.color !== 'success')).toBe(true);
    expect(ROADMAP[0].items).toEqual([
      'Core marketplace',
      'First 100 agents',
      'Beta with 50 companies',
      'Compute pool',
    ]);
    expect(ROADMAP[1].items).toEqual([
      '1,000+ agents',
      'Payments and billing',
      'Creator onboarding',
    ]);
    expect(ROADMAP[2].items).toEqual([
      '10,000+ agents',
      'Advanced analytics',
      'API partnerships',
      'Mobile app',
    ]);
  });

  it('has the community samples and the legal sections', () => {
    expect(COMMUNITY_PLATFORMS).toHaveLength(4);
    expect(DISCUSSIONS.length).toBeGreaterThan(0);
    expect(COMMUNITY_EVENTS.length).toBeGreaterThan(0);
    expect(TOP_CONTRIBUTORS.length).toBeGreaterThan(0);
    expect(PRIVACY_SECTIONS).toHaveLength(8);
    expect(TERMS_SECTIONS).toHaveLength(11);
  });
});
