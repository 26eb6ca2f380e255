import { useState } from 'react';
import styled from 'styled-components';
import { Button, StatusBanner } from '@agentora/ui';
import { inviteWaitlist, listSignups } from '../backend/console-api';
import type { SignupForm } from '@agentora/data/console-lists';
import type { SignupRow } from '../backend/console-types';
import { useAsync } from '../backend/useAsync';
import { ExportButton } from '../export/ExportButton';
import { MESSAGES } from '../messages';
import { attributionColumns } from './attribution-columns';
import type { Column } from './DataTable';
import { formatMoment } from './dates';
import { mailColumn } from './mail-column';
import { audienceColumn } from '../audience/audience-column';
import { FilterBar } from './FilterBar';
import { writeListQuery, type ListViewQuery } from './list-query';
import { ListPage } from './ListPage';
import { useListQuery } from './useListQuery';
import { ViewStack } from '../layout/view-parts';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const COMMON: readonly Column<SignupRow>[] = [
  { header: 'Email', cell: (row) => row.email },
  { header: 'Signed up', cell: (row) => formatMoment(row.created_at) },
  { header: 'Confirmed', cell: (row) => formatMoment(row.confirmed_at) },
];

const MAIL = mailColumn<SignupRow>();
const RESEND = audienceColumn<SignupRow>();

const SIGNUPS: readonly Column<SignupRow>[] = [
  ...COMMON,
  ...attributionColumns<SignupRow>(),
  MAIL,
  RESEND,
];

const WAITLIST: readonly Column<SignupRow>[] = [
  { header: 'Name', cell: (row) => `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() },
  ...COMMON,
  { header: 'Company', cell: (row) => row.company ?? '—' },
  { header: 'Role', cell: (row) => row.role ?? '—' },
  { header: 'Size', cell: (row) => row.company_size ?? '—' },
  { header: 'Heard from', cell: (row) => row.hear_about ?? '—' },
  { header: 'Use case', cell: (row) => row.use_case ?? '—' },
  { header: 'Invited', cell: (row) => formatMoment(row.invited_at) },
  ...attributionColumns<SignupRow>(),
  MAIL,
  RESEND,
];

/** One sign-up list (early access, waitlist or newsletter): filters, export, a page of rows. */
export function SignupsView({ query, form }: { query: ListViewQuery; form: SignupForm }) {
  const [, update] = useListQuery();
  const [state, reload] = useAsync(() => listSignups(query), writeListQuery(query));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [inviting, setInviting] = useState(false);
  const waitlist = form === 'waitlist';

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function invite() {
    setInviting(true);
    setNotice(undefined);
    try {
      const invited = await inviteWaitlist([...selected]);
      const skipped = selected.size - invited;
      setNotice({
        tone: 'success',
        text:
          `Invited ${invited} of ${selected.size}.` +
          (skipped > 0
            ? ` ${skipped} not invited: unconfirmed, unsubscribed or already invited.`
            : ''),
      });
      setSelected(new Set());
      reload();
    } catch (error) {
      setNotice({
        tone: 'error',
        text: `The invitations couldn't be sent. ${error instanceof Error ? error.message : ''}`,
      });
    } finally {
      setInviting(false);
    }
  }

  return (
    <ViewStack aria-label={MESSAGES.views[form]}>
      <FilterBar key={form} query={query} onApply={update} />
      <Actions>
        <ExportButton query={query} />
        {waitlist && (
          <Button disabled={selected.size === 0 || inviting} onClick={() => void invite()}>
            {inviting ? 'Inviting…' : `Invite selected (${selected.size})`}
          </Button>
        )}
      </Actions>
      {notice && <StatusBanner tone={notice.tone}>{notice.text}</StatusBanner>}
      <ListPage
        state={state}
        reload={reload}
        query={query}
        onPage={(page) => update({ ...query, page })}
        caption={`${MESSAGES.views[form]} sign-ups`}
        columns={waitlist ? WAITLIST : SIGNUPS}
        rowLabel={(row) => row.email}
        selection={waitlist ? { selected, toggle } : undefined}
      />
    </ViewStack>
  );
}
