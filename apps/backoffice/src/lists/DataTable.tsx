import type { ReactNode } from 'react';
import styled from 'styled-components';
import { VisuallyHidden } from '@agentora/ui';
import { HorizontalScroll, tableStyles } from '@agentora/ui/data-display';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

const Table = styled.table`
  ${tableStyles}
  th,
  td {
    vertical-align: top;
  }
  th {
    white-space: nowrap;
  }
  a {
    color: ${({ theme }) => theme.colors.accent};
  }
`;

/** A list's page as a table; with `selection`, a checkbox per row (labelled by `rowLabel`). */
export function DataTable<Row extends { id: string }>({
  caption,
  columns,
  rows,
  rowLabel,
  selection,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowLabel: (row: Row) => string;
  selection?: { selected: ReadonlySet<string>; toggle: (id: string) => void };
}) {
  return (
    <HorizontalScroll>
      <Table>
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            {selection && <th scope="col">Select</th>}
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {selection && (
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Select ${rowLabel(row)}`}
                    checked={selection.selected.has(row.id)}
                    onChange={() => selection.toggle(row.id)}
                  />
                </td>
              )}
              {columns.map((column) => (
                <td key={column.header}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </HorizontalScroll>
  );
}
