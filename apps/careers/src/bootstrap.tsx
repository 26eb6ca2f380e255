import { loadRuntimeConfig } from '@agentora/data';
import { renderStandalone } from '@agentora/ui/standalone';
import CareersPage from './exposed/CareersPage';

void renderStandalone(
  'careers',
  [{ path: '/', label: 'Careers', element: <CareersPage /> }],
  async () => {
    await loadRuntimeConfig();
  },
);
