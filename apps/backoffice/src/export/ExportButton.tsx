import { useState } from 'react';
import { Button, StatusBanner } from '@agentora/ui';
import type { ListViewQuery } from '../lists/list-query';
import { MESSAGES } from '../messages';
import { downloadCsv } from './export-csv';

/** Exports every row of the list's current filter (not only this page) as a CSV file. */
export function ExportButton({ query }: { query: ListViewQuery }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function run() {
    setBusy(true);
    setError(undefined);
    try {
      await downloadCsv(query);
    } catch (caught) {
      setError(`${MESSAGES.exportFailed} ${caught instanceof Error ? caught.message : ''}`.trim());
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="secondary" disabled={busy} onClick={() => void run()}>
        {busy ? MESSAGES.exporting : MESSAGES.exportCsv}
      </Button>
      {error && <StatusBanner tone="error">{error}</StatusBanner>}
    </>
  );
}
