import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInSite } from '@agentora/ui/testing';
import { outlineProblems } from '../../test-support/headings';
import { TUTORIALS } from '../../data/tutorials/tutorials';
import { TutorialsPage } from './TutorialsPage';

function setup() {
  const user = userEvent.setup({ delay: null });
  const view = renderInSite(<TutorialsPage />, { route: '/tutorials' });
  return {
    user,
    ...view,
    titles: () =>
      Array.from(view.container.querySelectorAll('[data-tutorial] h4')).map(
        (heading) => heading.textContent,
      ),
    search: () => screen.getByRole('searchbox', { name: 'Search tutorials' }),
    category: () => screen.getByRole('combobox', { name: 'Category' }),
    level: () => screen.getByRole('combobox', { name: 'Level' }),
  };
}

describe('TutorialsPage', () => {
  it('shows three learning paths, the featured tutorial and the other five', () => {
    const { titles } = setup();
    const paths = screen.getByRole('region', { name: 'Learning Paths' });
    expect(
      within(paths)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['AI Agent Builder', 'Business Automation', 'Creator Monetization']);
    expect(
      screen.getByRole('heading', { level: 3, name: 'Featured Tutorial' }),
    ).toBeInTheDocument();
    expect(titles()).toEqual(TUTORIALS.map((tutorial) => tutorial.title));
    expect(titles()[0]).toBe(TUTORIALS.find((tutorial) => tutorial.featured)!.title);
    expect(screen.getByText('15,000+')).toBeInTheDocument();
  });

  it('offers exactly the category and level options', () => {
    const { category, level } = setup();
    expect(
      within(category())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All',
      'Getting Started',
      'Data Science',
      'E-commerce',
      'No-Code',
      'Finance',
      'Business',
    ]);
    expect(
      within(level())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Beginner', 'Intermediate', 'Advanced']);
  });

  it('combines search, category and level live, with the exact empty message', async () => {
    const { user, titles, search, category, level } = setup();
    await user.selectOptions(level(), 'Advanced');
    expect(titles()).toEqual([
      'Agents for Financial Reporting',
      'Scaling Your Business with AI Agents',
    ]);

    await user.selectOptions(category(), 'Finance');
    expect(titles()).toEqual(['Agents for Financial Reporting']);

    await user.type(search(), ' audit ');
    expect(titles()).toEqual(['Agents for Financial Reporting']);

    await user.clear(search());
    await user.type(search(), 'shopping');
    expect(titles()).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent(
      /^No tutorials found matching your criteria\.$/,
    );

    await user.selectOptions(category(), 'All');
    await user.selectOptions(level(), 'All');
    expect(titles()).toEqual(['Create an AI Shopping Assistant']);

    await user.clear(search());
    await user.type(search(), 'maya chen');
    expect(titles()).toEqual(['Automated Data Analysis with Agents']);

    await user.clear(search());
    await user.selectOptions(category(), 'Getting Started');
    await user.selectOptions(level(), 'Advanced');
    expect(screen.getByText('No tutorials found matching your criteria.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(titles()).toHaveLength(6);
  });

  it('sends every Start Learning link to /coming-soon', () => {
    setup();
    const links = screen.getAllByRole('link', { name: /^Start Learning/ });
    expect(links).toHaveLength(6 + 3);
    for (const link of links) expect(link).toHaveAttribute('href', '/coming-soon');
  });

  it('shows each tutorial’s level, duration, type, rating, students, instructor and topics', () => {
    setup();
    const card = document.querySelector(
      '[data-tutorial="automated-data-analysis-agent"]',
    ) as HTMLElement;
    for (const text of [
      'Data Science',
      'Intermediate',
      '3h 40m',
      'Interactive Lab',
      'Rated 4.8 out of 5',
      '2,960 students',
      'Maya Chen',
      'Data cleaning, Anomaly detection, Automated reporting',
    ]) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    const featured = document.querySelector(
      '[data-tutorial="build-your-first-ai-agent"]',
    ) as HTMLElement;
    expect(within(featured).getByText('Prerequisites')).toBeInTheDocument();
    expect(within(featured).getByText('Python, OpenAI API, VS Code')).toBeInTheDocument();
    expect(within(featured).getByRole('img', { name: /Connected nodes/ })).toBeInTheDocument();
  });

  it('has one h1 and no skipped heading levels', () => {
    const { container } = setup();
    expect(outlineProblems(container)).toEqual([]);
  });
});
