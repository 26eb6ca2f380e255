import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, SelectField, TextField } from '@agentora/ui';
import { APPLICATION_STATUSES } from '../backend/console-types';
import type { ListQuery } from './list-query';

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
  align-items: end;
  gap: ${({ theme }) => theme.space.md};
`;

const YES_NO = [
  { value: '', label: 'Any' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** A list's filters and sort, applied together (one query per change, not per keystroke). */
export function FilterBar({
  query,
  onApply,
}: {
  query: ListQuery;
  onApply: (change: Partial<ListQuery>) => void;
}) {
  const [draft, setDraft] = useState(query);
  const set = (change: Partial<ListQuery>) => setDraft((current) => ({ ...current, ...change }));
  const applications = query.view === 'applications';
  const sorts = [
    { value: 'created_at', label: 'Date' },
    { value: 'email', label: 'Email' },
    ...(applications ? [{ value: 'last_name', label: 'Last name' }] : []),
  ];

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ ...draft, page: 1 });
  }

  return (
    <Form role="search" aria-label="Filters" onSubmit={submit}>
      <TextField
        label="Search"
        type="search"
        value={draft.search}
        maxLength={200}
        onChange={(event) => set({ search: event.target.value })}
      />
      <TextField
        label="From"
        type="date"
        value={draft.from}
        onChange={(event) => set({ from: event.target.value })}
      />
      <TextField
        label="To"
        type="date"
        value={draft.to}
        onChange={(event) => set({ to: event.target.value })}
      />
      {applications ? (
        <SelectField
          label="Status"
          value={draft.status}
          options={[
            { value: '', label: 'Any' },
            ...APPLICATION_STATUSES.map((status) => ({ value: status, label: status })),
          ]}
          onChange={(event) => set({ status: event.target.value as ListQuery['status'] })}
        />
      ) : (
        <SelectField
          label="Confirmed"
          value={draft.confirmed}
          options={YES_NO}
          onChange={(event) => set({ confirmed: event.target.value as ListQuery['confirmed'] })}
        />
      )}
      {query.view === 'waitlist' && (
        <SelectField
          label="Invited"
          value={draft.invited}
          options={YES_NO}
          onChange={(event) => set({ invited: event.target.value as ListQuery['invited'] })}
        />
      )}
      <SelectField
        label="Sort by"
        value={draft.sort}
        options={sorts}
        onChange={(event) => set({ sort: event.target.value as ListQuery['sort'] })}
      />
      <SelectField
        label="Order"
        value={draft.descending ? 'desc' : 'asc'}
        options={[
          { value: 'desc', label: 'Newest / Z–A first' },
          { value: 'asc', label: 'Oldest / A–Z first' },
        ]}
        onChange={(event) => set({ descending: event.target.value === 'desc' })}
      />
      <Button type="submit">Apply filters</Button>
    </Form>
  );
}
