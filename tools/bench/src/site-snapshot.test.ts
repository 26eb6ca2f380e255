import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { missingFiles, referencedFiles, snapshotDists } from './site-snapshot.ts';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><link rel="icon" href="/favicon.svg"><link rel="preload" href="/runtime-config.json" as="fetch">' +
  '<script defer src="/main.e93d9b18d7.js"></script><link rel="stylesheet" href="/main.1234567890.css"><script src="https://cdn.example.com/x.js"></script></head></html>';

const MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry.js' } },
  exposes: [
    {
      assets: {
        js: {
          sync: ['866.dea9abe471.js', '__federation_expose_HomePage.44817e8b2c.js'],
          async: ['21.52d64e4ec2.js'],
        },
        css: { sync: [], async: [] },
      },
    },
  ],
  shared: [{ assets: { js: { sync: ['639.8d86c4cafb.js'], async: [] } } }],
};

describe('referencedFiles', () => {
  it('lists the local scripts and styles of index.html', () => {
    expect(referencedFiles({ indexHtml: INDEX_HTML })).toEqual([
      'main.1234567890.css',
      'main.e93d9b18d7.js',
    ]);
  });

  it('lists the remote entry and every asset of the MF manifest', () => {
    expect(referencedFiles({ manifest: MANIFEST })).toEqual([
      '21.52d64e4ec2.js',
      '639.8d86c4cafb.js',
      '866.dea9abe471.js',
      '__federation_expose_HomePage.44817e8b2c.js',
      'remoteEntry.js',
    ]);
  });
});

describe('missingFiles and snapshotDists', () => {
  let root: string;
  const write = (file: string, text = 'x') => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-snapshot-'));
    write(
      'apps/content/dist/index.html',
      '<html><script defer src="/main.abc12345.js"></script></html>',
    );
    write('apps/content/dist/main.abc12345.js');
    write('apps/content/dist/mf-manifest.json', JSON.stringify(MANIFEST));
    for (const file of referencedFiles({ manifest: MANIFEST })) write(`apps/content/dist/${file}`);
  });

  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('finds nothing missing in a whole build, and names what a partial one lacks', () => {
    expect(missingFiles(path.join(root, 'apps/content/dist'))).toEqual([]);
    fs.rmSync(path.join(root, 'apps/content/dist/21.52d64e4ec2.js'));
    expect(missingFiles(path.join(root, 'apps/content/dist'))).toEqual(['21.52d64e4ec2.js']);
    fs.rmSync(path.join(root, 'apps/content/dist/index.html'));
    expect(missingFiles(path.join(root, 'apps/content/dist'))).toEqual(['index.html']);
  });

  it('copies each dist and returns the copies', async () => {
    const dirs = await snapshotDists(root, ['content'], path.join(root, 'snapshot'), 1, 0);
    expect(dirs).toEqual({ content: path.join(root, 'snapshot/content') });
    expect(fs.readdirSync(dirs.content).sort()).toEqual(
      fs.readdirSync(path.join(root, 'apps/content/dist')).sort(),
    );
  });

  it('refuses an incomplete build after its retries', async () => {
    fs.rmSync(path.join(root, 'apps/content/dist/remoteEntry.js'));
    await expect(
      snapshotDists(root, ['content'], path.join(root, 'snapshot'), 2, 0),
    ).rejects.toThrow('apps/content/dist is incomplete (remoteEntry.js)');
  });
});
