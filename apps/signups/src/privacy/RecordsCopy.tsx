import { useMemo } from 'react';
import styled from 'styled-components';
import type { CopiedRecords } from '@agentora/data';
import { ExternalLinkButton } from '@agentora/ui';
import { fieldListStyles } from '@agentora/ui/data-display';
import { displayValue, FIELD_LABELS, RECORD_KINDS } from './record-fields';

const Kind = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    margin: 0;
  }
`;

const Fields = styled.dl`
  ${fieldListStyles}
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Pair = styled.div`
  display: contents;
`;

type Resume = { filename: string; url: string | null; expires_in_seconds: number } | null;

function ResumeDownload({ resume }: { resume: Resume }) {
  if (!resume) return <>—</>;
  if (!resume.url)
    return <>{resume.filename} (the download could not be prepared; ask for a new copy)</>;
  return (
    <>
      <a href={resume.url} download={resume.filename}>
        Download {resume.filename}
      </a>{' '}
      (the download works for {Math.round(resume.expires_in_seconds / 60)} minutes)
    </>
  );
}

function RecordFields({ record }: { record: Record<string, unknown> }) {
  return (
    <Fields>
      {Object.entries(record).map(([column, value]) => (
        <Pair key={column}>
          <dt>{column === 'resume' ? 'Résumé' : (FIELD_LABELS[column] ?? column)}</dt>
          <dd>
            {column === 'resume' ? (
              <ResumeDownload resume={value as Resume} />
            ) : (
              displayValue(value)
            )}
          </dd>
        </Pair>
      ))}
    </Fields>
  );
}

/** Every record a copy link returned, by kind, with each résumé as a download and the whole as a file. */
export function RecordsCopy({ records }: { records: CopiedRecords }) {
  // A data URL: nothing to revoke, and the file is exactly what the page shows.
  const file = useMemo(
    () =>
      `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(records, null, 2))}`,
    [records],
  );
  const held = RECORD_KINDS.filter(([kind]) => records[kind].length > 0);
  return (
    <>
      {held.length === 0 && <p>We hold no records for this address.</p>}
      {held.map(([kind, title]) => (
        <Kind key={kind} aria-label={title}>
          <h2>{title}</h2>
          {(records[kind] as Record<string, unknown>[]).map((record, index) => (
            <RecordFields key={index} record={record} />
          ))}
        </Kind>
      ))}
      <p>
        <ExternalLinkButton
          variant="secondary"
          href={file}
          download="agentora-data.json"
          target="_self"
        >
          Save all as a file (JSON)
        </ExternalLinkButton>
      </p>
    </>
  );
}
