import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

// CI's deploy runs the documented command (docs/deploying-the-site.md), one step per job, and the
// Cloudflare credentials reach only the jobs that upload a folder another job assembled.
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) =>
  parse(fs.readFileSync(path.join(root, '.github/workflows', file), 'utf8')) as Workflow;

interface Step {
  run?: string;
  uses?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  environment?: string;
  steps?: Step[];
  uses?: string;
  with?: Record<string, string>;
}
interface Workflow {
  concurrency?: { group: string; 'cancel-in-progress': string | boolean };
  jobs: Record<string, Job>;
}

const deployApp = read('deploy-app.yml');
const text = (value: unknown) => JSON.stringify(value);

describe("CI's deploy of one app", () => {
  it('runs only the install and the documented command, one step per job', () => {
    const runs = Object.fromEntries(
      Object.entries(deployApp.jobs).map(([name, job]) => [
        name,
        (job.steps ?? []).flatMap((step) => (step.run ? [step.run] : [])),
      ]),
    );
    const install = 'npm ci --no-audit --no-fund';
    expect(runs).toEqual({
      assemble: [
        install,
        'npm run deploy -- "${{ inputs.app }}" --prebuilt --site "${{ vars.SITE_URL }}" --assemble host',
      ],
      upload: [install, 'npm run deploy -- "${{ inputs.app }}" --upload "host/${{ inputs.app }}"'],
      'assemble-pages': [
        install,
        'npm run deploy -- "${{ inputs.app }}" --site "${{ vars.SITE_URL }}" --assemble-pages pages',
      ],
      'upload-pages': [install, 'npm run deploy -- shell --upload pages/shell'],
    });
  });

  it('gives the Cloudflare credentials to the upload steps alone, in the production environment', () => {
    for (const [name, job] of Object.entries(deployApp.jobs)) {
      const withSecrets = (job.steps ?? []).filter((step) => text(step).includes('secrets.'));
      if (!name.startsWith('upload')) {
        // Reading the live hosts and running the prerender happen without them.
        expect({ name, secrets: withSecrets.length, environment: job.environment }).toEqual({
          name,
          secrets: 0,
          environment: undefined,
        });
        continue;
      }
      expect(job.environment).toBe('production');
      expect(withSecrets).toHaveLength(1);
      expect(withSecrets[0].run).toContain('--upload');
      expect(withSecrets[0].env).toEqual({
        CLOUDFLARE_API_TOKEN: '${{ secrets.CLOUDFLARE_API_TOKEN }}',
        CLOUDFLARE_ACCOUNT_ID: '${{ secrets.CLOUDFLARE_ACCOUNT_ID }}',
      });
    }
  });

  it('uploads only what the job before assembled, and checks out without a token', () => {
    expect(deployApp.jobs.upload.needs).toBe('assemble');
    expect(deployApp.jobs['assemble-pages'].needs).toBe('upload');
    expect(deployApp.jobs['upload-pages'].needs).toBe('assemble-pages');
    for (const job of Object.values(deployApp.jobs))
      for (const step of job.steps ?? [])
        if (step.uses?.startsWith('actions/checkout'))
          expect(step.with?.['persist-credentials']).toBe(false);
  });
});

describe("CI's deploys of one push", () => {
  const ci = read('ci.yml');
  const order = ['shell', 'content', 'signups', 'careers', 'backoffice'];

  it('deploy one app after another, shell first, each only when affected', () => {
    const deploys = Object.entries(ci.jobs).filter(([, job]) =>
      job.uses?.endsWith('deploy-app.yml'),
    );
    expect(deploys.map(([name]) => name)).toEqual(order.map((app) => `deploy-${app}`));
    deploys.forEach(([, job], index) => {
      const app = order[index];
      expect(job.with).toEqual({ app });
      const needs = ([] as string[]).concat(job.needs ?? []);
      // Every deploy before it: the shell's pages are uploaded by each remote's deploy in turn.
      expect(needs).toEqual([
        'affected',
        ...order.slice(0, index).map((before) => `deploy-${before}`),
      ]);
      expect(job.if).toContain(`'@agentora/${app}'`);
      expect(job.if).toContain("github.ref == 'refs/heads/main'");
      if (index > 0) {
        // A failed or cancelled deploy stops the rest; an unaffected (skipped) one does not.
        expect(job.if).toContain('!cancelled()');
        for (const before of order.slice(0, index))
          expect(job.if).toContain(`needs.deploy-${before}.result != 'failure'`);
      }
    });
  });

  it('runs on main one at a time and never cancels a deploy half-way', () => {
    expect(ci.concurrency?.group).toContain("github.ref == 'refs/heads/main'");
    expect(ci.concurrency?.['cancel-in-progress']).toBe("${{ github.ref != 'refs/heads/main' }}");
  });
});
