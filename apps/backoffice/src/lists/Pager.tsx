import styled from 'styled-components';
import { Button, Muted } from '@agentora/ui';
import { PAGE_SIZE } from './list-query';

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const count = new Intl.NumberFormat('en-US');

/** Where this page sits in the list, and the way to the pages around it. */
export function Pager({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(page * PAGE_SIZE, total);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Bar aria-label="Pages">
      <Muted role="status">{`Showing ${count.format(first)}–${count.format(last)} of ${count.format(total)}`}</Muted>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </Bar>
  );
}
