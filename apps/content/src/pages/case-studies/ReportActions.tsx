import styled from 'styled-components';
import { Button, DownloadIcon, VisuallyHidden } from '@agentora/ui';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space.sm};
`;

/**
 * These buttons do nothing before launch: no navigation, no call. They stay real buttons
 * and point (aria-describedby) at the visible note saying when reports become available.
 */
export function ReportActions({ company, noteId }: { company: string; noteId: string }) {
  return (
    <Actions>
      <Button variant="secondary" aria-describedby={noteId}>
        View Details<VisuallyHidden> for {company}</VisuallyHidden>
      </Button>
      <Button variant="ghost" aria-describedby={noteId}>
        <DownloadIcon size={18} />
        Download<VisuallyHidden> the {company} report</VisuallyHidden>
      </Button>
    </Actions>
  );
}
