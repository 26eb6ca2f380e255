import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderInSite } from '@agentora/ui/testing';
import { outlineProblems } from '../../test-support/headings';
import { CaseStudiesPage } from './CaseStudiesPage';

function Where() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function setup() {
  const user = userEvent.setup({ delay: null });
  const view = renderInSite(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <CaseStudiesPage />
            <Where />
          </>
        }
      />
    </Routes>,
    { route: '/case-studies' },
  );
  return {
    user,
    ...view,
    companies: () =>
      Array.from(view.container.querySelectorAll('[data-case-study] h3')).map(
        (heading) => heading.textContent,
      ),
    search: () => screen.getByRole('searchbox', { name: 'Search case studies' }),
    industry: () => screen.getByRole('combobox', { name: 'Industry' }),
  };
}

describe('CaseStudiesPage', () => {
  it('shows hero stats, one featured study with its before/after table, and the other three', () => {
    const { companies } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Case Studies' })).toBeInTheDocument();
    expect(screen.getByText('Success stories')).toBeInTheDocument();
    const featured = screen.getByRole('region', { name: 'Featured Case Study' });
    expect(
      within(featured).getByRole('heading', { level: 3, name: 'CloudNest' }),
    ).toBeInTheDocument();
    expect(within(featured).getByRole('table', { name: /before and after/ })).toBeInTheDocument();
    expect(within(featured).getByRole('img', { name: 'CloudNest logo' })).toBeInTheDocument();
    expect(companies()).toEqual([
      'CloudNest',
      'UrbanThread',
      'Meridian Health Clinics',
      'LedgerLine Capital',
    ]);
    expect(
      within(screen.getByRole('region', { name: 'More Case Studies' }))
        .getAllByRole('listitem', { hidden: false })
        .filter((item) => item.querySelector('[data-case-study]')),
    ).toHaveLength(3);
  });

  it('offers exactly the industry options', () => {
    setup();
    expect(
      within(screen.getByRole('combobox', { name: 'Industry' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All',
      'SaaS',
      'E-commerce',
      'Healthcare',
      'Finance',
      'Manufacturing',
      'Real Estate',
    ]);
  });

  it('filters live by search, by industry and by both, with the exact empty message', async () => {
    const { user, companies, search, industry } = setup();
    await user.type(search(), 'INVOICE');
    expect(companies()).toEqual(['LedgerLine Capital']);

    await user.clear(search());
    await user.selectOptions(industry(), 'Healthcare');
    expect(companies()).toEqual(['Meridian Health Clinics']);
    expect(screen.queryByRole('region', { name: 'Featured Case Study' })).toBeNull();

    await user.type(search(), 'clinics');
    expect(companies()).toEqual(['Meridian Health Clinics']);

    await user.selectOptions(industry(), 'SaaS');
    expect(companies()).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent(
      /^No case studies found matching your criteria\.$/,
    );

    await user.clear(search());
    await user.selectOptions(industry(), 'Manufacturing');
    expect(screen.getByText('No case studies found matching your criteria.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(companies()).toHaveLength(4);
  });

  it('has Download and View Details buttons that do nothing, described by the launch note', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const { user } = setup();
    const buttons = [
      ...screen.getAllByRole('button', { name: /^View Details/ }),
      ...screen.getAllByRole('button', { name: /^Download/ }),
    ];
    expect(buttons).toHaveLength(8);
    expect(
      screen.getByRole('button', { name: 'Download the CloudNest report' }),
    ).toBeInTheDocument();
    for (const button of buttons) {
      expect(button).toHaveAttribute('type', 'button');
      expect(button).toHaveAccessibleDescription('Full reports will be available at launch.');
      await user.click(button);
    }
    expect(screen.getByTestId('location')).toHaveTextContent('/case-studies');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('has one h1 and no skipped heading levels', () => {
    const { container } = setup();
    expect(outlineProblems(container)).toEqual([]);
  });
});
