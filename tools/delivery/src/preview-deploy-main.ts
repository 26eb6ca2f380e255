// `node tools/delivery/src/preview-deploy-main.ts <remote> --to <previews folder> --id <pr-42> --base-url <https://previews.example.com> --site <https://agentora.ai>`
// Copies the remote's build (apps/<remote>/dist: build it first) into its preview path and prints
// the override link (preview-deploy.ts).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { appFolder, type RemoteName } from '@agentora/contracts/apps';
import { deployPreview } from './preview-deploy.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    to: { type: 'string' },
    id: { type: 'string' },
    'base-url': { type: 'string' },
    site: { type: 'string' },
  },
});
const [remote] = positionals;
if (!remote || !values.to || !values.id || !values['base-url'] || !values.site) {
  console.error(
    'usage: preview-deploy-main.ts <remote> --to <previews folder> --id <pr-42> --base-url <previews URL> --site <site URL>',
  );
  process.exit(2);
}
try {
  const root = path.resolve(import.meta.dirname, '../../..');
  const result = deployPreview({
    remote: remote as RemoteName,
    distDir: path.join(root, appFolder(remote as RemoteName), 'dist'),
    to: path.resolve(values.to),
    id: values.id,
    baseUrl: values['base-url'],
    siteUrl: values.site,
  });
  console.info(`deployed ${remote} preview → ${result.target}`);
  console.info(`manifest: ${result.manifestUrl}`);
  console.info(`open in your browser to try it (clear it from the banner): ${result.overrideLink}`);
} catch (error) {
  console.error(`preview-deploy: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
