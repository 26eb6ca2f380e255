import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@agentora/ui';
import { listSignups } from '../backend/console-api';
import type { SignupForm } from '@agentora/data/console-lists';
import type { SignupRow } from '../backend/console-types';
import { useAsync } from '../backend/useAsync';
import { ExportButton } from '../export/ExportButton';
import { MESSAGES } from '../messages';
import { useWaveSend } from '../waves/useWaveSend';
import { WavePlanPanel } from '../waves/WavePlanPanel';
import { invitationText } from '../waves/wave-text';
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

/** A member's invitation by a launch wave: where it stands, and the wave. */
const INVITATION: Column<SignupRow> = { header: 'Invitation', cell: invitationText };

const NEWSLETTER: readonly Column<SignupRow>[] = [
  ...COMMON,
  ...attributionColumns<SignupRow>(),
  MAIL,
  RESEND,
];

const EARLY_ACCESS: readonly Column<SignupRow>[] = [
  ...COMMON,
  INVITATION,
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
  INVITATION,
  ...attributionColumns<SignupRow>(),
  MAIL,
  RESEND,
];

const COLUMNS: Record<SignupForm, readonly Column<SignupRow>[]> = {
  early_access: EARLY_ACCESS,
  waitlist: WAITLIST,
  newsletter: NEWSLETTER,
};

/**
 * One sign-up list (early access, waitlist or newsletter): filters, export, a page of rows. On the two
 * lists a launch wave invites, rows can be chosen and invited as a wave of chosen rows, a dry run first,
 * the same way as every wave (launch waves' view).
 */
export function SignupsView({ query, form }: { query: ListViewQuery; form: SignupForm }) {
  const [, update] = useListQuery();
  const [state, reload] = useAsync(() => listSignups(query), writeListQuery(query));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const invitable = form !== 'newsletter';
  const wave = useWaveSend(() => {
    setSelected(new Set());
    reload();
  });

  const toggle = (id: string) => {
    wave.reset();
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  return (
    <ViewStack aria-label={MESSAGES.views[form]}>
      <FilterBar key={form} query={query} onApply={update} />
      <Actions>
        <ExportButton query={query} />
        {invitable && (
          <Button
            disabled={selected.size === 0 || wave.state.step === 'working'}
            onClick={() =>
              void wave.plan({
                list: form,
                ids: [...selected],
                startsAt: null,
                remindAfterDays: null,
              })
            }
          >
            {`Invite selected (${selected.size})`}
          </Button>
        )}
      </Actions>
      {invitable && <WavePlanPanel wave={wave} />}
      <ListPage
        state={state}
        reload={reload}
        query={query}
        onPage={(page) => update({ ...query, page })}
        caption={`${MESSAGES.views[form]} sign-ups`}
        columns={COLUMNS[form]}
        rowLabel={(row) => row.email}
        selection={invitable ? { selected, toggle } : undefined}
      />
    </ViewStack>
  );
}
