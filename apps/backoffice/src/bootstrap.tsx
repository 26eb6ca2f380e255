import { loadRuntimeConfig } from '@agentora/data';
import { renderStandalone } from '@agentora/ui/standalone';
import ConsolePage from './exposed/ConsolePage';

void renderStandalone(
  'backoffice',
  [{ path: '/', label: 'Console', element: <ConsolePage /> }],
  async () => {
    await loadRuntimeConfig();
  },
);
