import { screen, within } from '@testing-library/react';
import { renderWithUser } from '../test-support/render';
import CareersPage from '../exposed/CareersPage';

beforeEach(() => jest.useFakeTimers());

describe('CareersPage (exposed)', () => {
  it('shows the title, the values, the application form and the benefits, in that order', () => {
    renderWithUser(<CareersPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Careers at Agentora');
    const sections = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(sections).toEqual(['Our values', 'Apply to join Agentora', 'Benefits']);

    const values = screen.getByRole('region', { name: 'Our values' });
    expect(within(values).getAllByRole('listitem')).toHaveLength(4);
    const benefits = screen.getByRole('region', { name: 'Benefits' });
    expect(within(benefits).getAllByRole('listitem')).toHaveLength(6);

    const apply = screen.getByRole('region', { name: 'Apply to join Agentora' });
    expect(within(apply).getByRole('form', { name: 'Job application' })).toBeInTheDocument();
    expect(within(apply).getByText(/within 5 business days/)).toBeInTheDocument();
  });
});
