import { render, screen } from '@testing-library/react';
import styled from 'styled-components';
import { AppThemeProvider } from './theme/AppThemeProvider';
import { theme } from './theme/theme';
import { fieldListStyles, HorizontalScroll, tableStyles } from './data-display';

// The site's tables and record lists: the shared rules, and a table's own rules after them winning.
const Figures = styled.table`
  ${tableStyles}
  th,
  td {
    padding: ${({ theme }) => theme.space.md};
  }
`;

const Record = styled.dl`
  ${fieldListStyles}
  gap: ${({ theme }) => theme.space.sm};
`;

describe('tableStyles', () => {
  it('sets figures full width in small type, column heads muted, row heads not, and lets a table add to it', () => {
    render(
      <AppThemeProvider>
        <HorizontalScroll data-testid="scroll">
          <Figures>
            <thead>
              <tr>
                <th scope="col">Metric</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Time</th>
                <td>1 h</td>
              </tr>
            </tbody>
          </Figures>
        </HorizontalScroll>
      </AppThemeProvider>,
    );
    expect(screen.getByTestId('scroll')).toHaveStyle({ overflowX: 'auto' });
    expect(screen.getByRole('table')).toHaveStyle({
      width: '100%',
      borderCollapse: 'collapse',
      fontSize: theme.fontSizes.sm,
    });
    expect(screen.getByRole('columnheader')).toHaveStyle({
      color: theme.colors.textMuted,
      fontWeight: '600',
      textAlign: 'left',
    });
    expect(screen.getByRole('rowheader')).not.toHaveStyle({ color: theme.colors.textMuted });
    expect(screen.getByRole('cell')).toHaveStyle({
      padding: theme.space.md,
      borderBottom: `1px solid ${theme.colors.border}`,
    });
  });
});

describe('fieldListStyles', () => {
  it('shows each value beside its muted label, keeping the value’s lines', () => {
    render(
      <AppThemeProvider>
        <Record>
          <dt>Email</dt>
          <dd>ada@example.com</dd>
        </Record>
      </AppThemeProvider>,
    );
    expect(screen.getByRole('term')).toHaveStyle({ color: theme.colors.textMuted });
    expect(screen.getByRole('definition')).toHaveStyle({ margin: '0', whiteSpace: 'pre-wrap' });
    expect(screen.getByRole('term').parentElement).toHaveStyle({
      display: 'grid',
      gap: theme.space.sm,
    });
  });
});
