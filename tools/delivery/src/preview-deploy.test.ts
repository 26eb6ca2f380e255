import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deployPreview } from './preview-deploy';

describe('a preview deploy', () => {
  let dist: string;
  let previews: string;
  beforeEach(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'preview-dist-'));
    previews = fs.mkdtempSync(path.join(os.tmpdir(), 'previews-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    fs.writeFileSync(path.join(dist, 'mf-manifest.json'), '{}');
    fs.writeFileSync(path.join(dist, 'remoteEntry.js'), '');
  });
  afterEach(() => {
    fs.rmSync(dist, { recursive: true, force: true });
    fs.rmSync(previews, { recursive: true, force: true });
  });

  it('copies the build into its own path and prints the override link for it', () => {
    const result = deployPreview({
      remote: 'careers',
      distDir: dist,
      to: previews,
      id: 'pr-42',
      baseUrl: 'https://previews.agentora.ai',
      siteUrl: 'https://agentora.ai',
    });
    expect(fs.existsSync(path.join(previews, 'careers/pr-42/mf-manifest.json'))).toBe(true);
    expect(result.manifestUrl).toBe('https://previews.agentora.ai/careers/pr-42/mf-manifest.json');
    const link = new URL(result.overrideLink);
    expect(link.origin).toBe('https://agentora.ai');
    expect(link.searchParams.get('remote-override')).toBe(`careers=${result.manifestUrl}`);
  });

  it('refuses what is not a remote, an id that is not a path segment, and plain http', () => {
    const options = {
      remote: 'careers' as const,
      distDir: dist,
      to: previews,
      id: 'pr-42',
      baseUrl: 'https://previews.agentora.ai',
      siteUrl: 'https://agentora.ai',
    };
    expect(() => deployPreview({ ...options, remote: 'shell' as never })).toThrow(/not a remote/);
    expect(() => deployPreview({ ...options, id: '../content' })).toThrow(/--id/);
    expect(() => deployPreview({ ...options, baseUrl: 'http://previews.agentora.ai' })).toThrow(
      /https/,
    );
    expect(fs.readdirSync(previews)).toEqual([]);
  });
});
