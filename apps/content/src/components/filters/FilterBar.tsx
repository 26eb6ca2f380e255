import type { ReactNode } from 'react';
import styled from 'styled-components';
import { up } from '@agentora/ui';

const Bar = styled.div<{ $selects: number }>`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  align-items: start;
  padding: ${({ theme }) => theme.space.lg};
  margin-bottom: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  ${up('md')} {
    grid-template-columns: minmax(0, 2fr) repeat(${({ $selects }) => $selects}, minmax(0, 1fr));
  }
`;

/** The search landmark holding a page's live filters: one search box and its selects. */
export function FilterBar({
  label,
  selects,
  children,
}: {
  label: string;
  selects: number;
  children: ReactNode;
}) {
  return (
    <Bar role="search" aria-label={label} $selects={selects}>
      {children}
    </Bar>
  );
}
