import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deployApp } from './deploy';

function writeBuild(dir: string, files: Record<string, string>) {
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), body);
  }
}

describe('deployApp', () => {
  let work: string;
  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-deploy-'));
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  it('ships new hashed assets, keeps the old ones, and replaces the entry files last', () => {
    const target = path.join(work, 'host');
    writeBuild(path.join(work, 'v1'), {
      'index.html': 'v1',
      'remoteEntry.js': 'entry v1',
      'mf-manifest.json': '{"v":1}',
      'main.aaaaaaaaaa.js': 'chunk v1',
    });
    writeBuild(path.join(work, 'v2'), {
      'index.html': 'v2',
      'remoteEntry.js': 'entry v2',
      'mf-manifest.json': '{"v":2}',
      'main.bbbbbbbbbb.js': 'chunk v2',
    });

    deployApp(path.join(work, 'v1'), target);
    const result = deployApp(path.join(work, 'v2'), target);

    expect(fs.readFileSync(path.join(target, 'mf-manifest.json'), 'utf8')).toBe('{"v":2}');
    expect(fs.readFileSync(path.join(target, 'remoteEntry.js'), 'utf8')).toBe('entry v2');
    // A visitor still on v1 can load its chunk.
    expect(fs.readFileSync(path.join(target, 'main.aaaaaaaaaa.js'), 'utf8')).toBe('chunk v1');
    expect(result.assets).toEqual(['main.bbbbbbbbbb.js']);
    expect(result.entries[result.entries.length - 1]).toBe('mf-manifest.json');
    expect(fs.readdirSync(target).some((name) => name.includes('.deploying-'))).toBe(false);
  });

  it('refuses a folder that is not a build', () => {
    expect(() => deployApp(path.join(work, 'nothing'), path.join(work, 'host'))).toThrow(
      'is not a build (no index.html)',
    );
  });
});
