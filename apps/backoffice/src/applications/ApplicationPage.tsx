import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, CardTitle, SelectField, StatusBanner, TextAreaField } from '@agentora/ui';
import { fieldListStyles } from '@agentora/ui/data-display';
import { changeApplicationStatus, downloadResume, getApplication } from '../backend/console-api';
import type { ApplicationStatus } from '@agentora/data/console-lists';
import { NEXT_STATUSES, type ApplicationDetail } from '../backend/console-types';
import { useAsync } from '../backend/useAsync';
import { formatMoment } from '../lists/dates';
import { LoadFailure } from '../lists/LoadFailure';
import { readListQuery, writeListQuery } from '../lists/list-query';
import { APPLICATION_FIELDS, isWebAddress, otherFields } from './application-fields';
import { saveFile } from '../download/save-file';

const Stack = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const Fields = styled.dl`
  ${fieldListStyles}
  gap: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  a {
    color: ${({ theme }) => theme.colors.accent};
  }
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  max-width: 32rem;
`;

const NOTE_LIMIT = 2000;

function FieldValue({ name, value }: { name: string; value: unknown }) {
  if (value === null || value === undefined || value === '') return <>—</>;
  if (name === 'created_at' && typeof value === 'string') return <>{formatMoment(value)}</>;
  if (isWebAddress(value))
    return (
      <a href={value} target="_blank" rel="noopener noreferrer nofollow">
        {value}
      </a>
    );
  return <>{typeof value === 'string' ? value : JSON.stringify(value)}</>;
}

function StatusForm({
  application,
  onChanged,
}: {
  application: ApplicationDetail;
  onChanged: (next: ApplicationDetail) => void;
}) {
  const next = NEXT_STATUSES[application.status];
  const [status, setStatus] = useState<ApplicationStatus | ''>(next[0] ?? '');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (next.length === 0)
    return <p>{`This application is ${application.status}: its workflow has ended.`}</p>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!status) return;
    setBusy(true);
    setError(undefined);
    try {
      onChanged(await changeApplicationStatus(application.id, status, note));
      setNote('');
    } catch (caught) {
      // What was typed stays for another try.
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form aria-label="Change status" onSubmit={submit}>
      <SelectField
        label="New status"
        value={status}
        options={next.map((value) => ({ value, label: value }))}
        onChange={(event) => setStatus(event.target.value as ApplicationStatus)}
      />
      <TextAreaField
        label="Note (optional)"
        value={note}
        maxLength={NOTE_LIMIT}
        onChange={(event) => setNote(event.target.value)}
      />
      {error && <StatusBanner tone="error">{error}</StatusBanner>}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Change status'}
        </Button>
      </div>
    </Form>
  );
}

function ResumeButton({ application }: { application: ApplicationDetail }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!application.resume_filename) return <p>No résumé was attached.</p>;
  async function open() {
    setBusy(true);
    setError(undefined);
    try {
      const file = URL.createObjectURL(await downloadResume(application.id));
      saveFile(file, application.resume_filename ?? 'resume');
      // The download has its own copy once it starts.
      setTimeout(() => URL.revokeObjectURL(file), 60_000);
    } catch (caught) {
      setError(`The résumé couldn't be opened. ${caught instanceof Error ? caught.message : ''}`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      <Button variant="secondary" disabled={busy} onClick={() => void open()}>
        {`Download résumé (${application.resume_filename})`}
      </Button>
      {error && <StatusBanner tone="error">{error}</StatusBanner>}
    </div>
  );
}

/** One application: every field, its résumé, its status and who changed it when. */
export function ApplicationPage({ id }: { id: string }) {
  const [state, reload] = useAsync(() => getApplication(id), id);
  const [changed, setChanged] = useState<ApplicationDetail>();
  const back = (
    <Link to={{ search: writeListQuery({ ...readListQuery(''), view: 'applications' }) }}>
      Back to applications
    </Link>
  );
  if (state.status === 'loading') return <p role="status">Loading…</p>;
  if (state.status === 'failed') return <LoadFailure error={state.error} onRetry={reload} />;
  const application = changed?.id === id ? changed : state.value;
  if (!application)
    return (
      <>
        <StatusBanner tone="error">
          No application has this id: it may have been deleted.
        </StatusBanner>
        {back}
      </>
    );
  return (
    <Stack aria-label={`Application of ${application.first_name} ${application.last_name}`}>
      {back}
      <CardTitle as="h2">{`${application.first_name} ${application.last_name}`}</CardTitle>
      <p>
        Status: <strong>{application.status}</strong>
      </p>
      <ResumeButton application={application} />
      <Card>
        <Fields>
          {[
            ...APPLICATION_FIELDS.map(([key, label]) => [key, label] as const),
            ...otherFields(application).map((key) => [key, key] as const),
          ].map(([key, label]) => (
            <div key={key} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>
                <FieldValue name={key} value={application[key]} />
              </dd>
            </div>
          ))}
        </Fields>
      </Card>
      <section aria-label="Status">
        <CardTitle as="h3">Status</CardTitle>
        <StatusForm application={application} onChanged={setChanged} />
      </section>
      <section aria-label="History">
        <CardTitle as="h3">History</CardTitle>
        {application.history.length === 0 ? (
          <p>No status changes yet.</p>
        ) : (
          <ol>
            {application.history.map((change) => (
              <li key={`${change.changed_at} ${change.to_status}`}>
                {`${formatMoment(change.changed_at)}: ${change.from_status ?? '—'} → ${change.to_status} by ${change.changed_by}`}
                {change.note && <blockquote>{change.note}</blockquote>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </Stack>
  );
}
