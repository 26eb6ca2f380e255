import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, FieldRoot, SelectField, TextField } from '@agentora/ui';
import { APPLICATION_STATUSES } from '@agentora/data/console-lists';
import { MESSAGES } from '../messages';
import { isListView, sourceLabel, type ListQuery } from './list-query';

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
  align-items: end;
  gap: ${({ theme }) => theme.space.md};
`;

const CheckboxLabel = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 2.75rem;
  font-weight: 600;
`;

const YES_NO = [
  { value: '', label: 'Any' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/**
 * A view's filters (and a list's sort), applied together (one query per change, not per keystroke):
 * every list has search, days, source and its own yes/no or status; Sources has the days; Referrals the
 * days and "suspected only".
 */
export function FilterBar({
  query,
  onApply,
}: {
  query: ListQuery;
  onApply: (change: Partial<ListQuery>) => void;
}) {
  const [draft, setDraft] = useState(query);
  const [sourceError, setSourceError] = useState<string>();
  const set = (change: Partial<ListQuery>) => setDraft((current) => ({ ...current, ...change }));
  const list = isListView(query.view);
  const applications = query.view === 'applications';
  const sorts = [
    { value: 'created_at', label: 'Date' },
    { value: 'email', label: 'Email' },
    ...(applications ? [{ value: 'last_name', label: 'Last name' }] : []),
  ];

  function submit(event: FormEvent) {
    event.preventDefault();
    const source = sourceLabel(draft.source);
    if (draft.source.trim() !== '' && source === '') {
      setSourceError(MESSAGES.sourceInvalid);
      return;
    }
    setSourceError(undefined);
    // The field shows the label as it is compared: lower case, trimmed.
    set({ source });
    onApply({ ...draft, source, page: 1 });
  }

  return (
    <Form role="search" aria-label="Filters" onSubmit={submit}>
      {list && (
        <TextField
          label="Search"
          type="search"
          value={draft.search}
          maxLength={200}
          onChange={(event) => set({ search: event.target.value })}
        />
      )}
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
      {list && (
        <TextField
          label="Source"
          hint={MESSAGES.sourceHint}
          error={sourceError}
          value={draft.source}
          maxLength={253}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(event) => set({ source: event.target.value })}
        />
      )}
      {query.view === 'referrals' && (
        <FieldRoot>
          <CheckboxLabel>
            <input
              type="checkbox"
              checked={draft.suspected}
              onChange={(event) => set({ suspected: event.target.checked })}
            />
            Suspected only
          </CheckboxLabel>
        </FieldRoot>
      )}
      {!list ? null : applications ? (
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
      {(query.view === 'waitlist' || query.view === 'early_access') && (
        <SelectField
          label="Invited"
          value={draft.invited}
          options={YES_NO}
          onChange={(event) => set({ invited: event.target.value as ListQuery['invited'] })}
        />
      )}
      {list && (
        <SelectField
          label="Sort by"
          value={draft.sort}
          options={sorts}
          onChange={(event) => set({ sort: event.target.value as ListQuery['sort'] })}
        />
      )}
      {list && (
        <SelectField
          label="Order"
          value={draft.descending ? 'desc' : 'asc'}
          options={[
            { value: 'desc', label: 'Newest / Z–A first' },
            { value: 'asc', label: 'Oldest / A–Z first' },
          ]}
          onChange={(event) => set({ descending: event.target.value === 'desc' })}
        />
      )}
      <Button type="submit">Apply filters</Button>
    </Form>
  );
}
