import fs from 'node:fs';
import path from 'node:path';
import { missingExposes, type ManifestExposes } from '@agentora/contracts';

// Runs after the production build (Nx: test depends on build): the shell loads what the built
// manifest exposes, so that is what must honour the contract.
it('exposes every module of the signups contract in its built mf-manifest.json', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../dist/mf-manifest.json'), 'utf8')) as ManifestExposes;
  expect(missingExposes('signups', manifest)).toEqual([]);
});
