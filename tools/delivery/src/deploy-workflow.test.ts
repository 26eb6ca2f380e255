import fs from 'node:fs';
import path from 'node:path';

// CI's deploy job runs the documented command (docs/deploying-the-site.md).
const root = path.resolve(import.meta.dirname, '../../..');
describe("CI's deploy job", () => {
  const workflow = fs.readFileSync(path.join(root, '.github/workflows/deploy-app.yml'), 'utf8');

  it('runs the documented command, on the build the run made', () => {
    const runs = [...workflow.matchAll(/^\s+(?:- )?run: (.+)$/gm)].map((match) => match[1]);
    expect(runs).toEqual([
      'npm ci --no-audit --no-fund',
      'npm run deploy -- "${{ inputs.app }}" --prebuilt --site "${{ vars.SITE_URL }}"',
    ]);
  });

  it('gives the Cloudflare credentials to that step alone, never to the install', () => {
    const steps = workflow.split(/\n(?=\s+- )/);
    const withSecrets = steps.filter((step) => step.includes('secrets.CLOUDFLARE'));
    expect(withSecrets).toHaveLength(1);
    expect(withSecrets[0]).toContain('npm run deploy --');
    expect(withSecrets[0]).toContain('CLOUDFLARE_API_TOKEN: ${{ secrets.CLOUDFLARE_API_TOKEN }}');
    expect(withSecrets[0]).toContain('CLOUDFLARE_ACCOUNT_ID: ${{ secrets.CLOUDFLARE_ACCOUNT_ID }}');
  });
});
