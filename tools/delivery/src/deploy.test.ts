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
    // No temporary left, in the folder or beside it (where writeAtomically writes it).
    for (const folder of [target, work])
      expect(fs.readdirSync(folder).filter((name) => name.includes('.writing-'))).toEqual([]);
  });

  it("keeps the chunks of the build before, drops older ones, and never touches a release's", () => {
    const target = path.join(work, 'host');
    const build = (version: number) => {
      const dir = path.join(work, `v${version}`);
      writeBuild(dir, {
        'index.html': `v${version}`,
        'mf-manifest.json': `{"v":${version}}`,
        [`main.${String(version).repeat(10)}.js`]: `chunk v${version}`,
        [`ssr/1.careers.${String(version).repeat(10)}.js`]: `server chunk v${version}`,
      });
      return dir;
    };
    deployApp(build(1), target);
    writeBuild(target, { 'releases/abc/main.9999999999.js': 'a release' });
    deployApp(build(2), target);
    const third = deployApp(build(3), target);
    expect(third.removed.sort()).toEqual(['main.1111111111.js', 'ssr/1.careers.1111111111.js']);
    for (const kept of [
      'main.2222222222.js',
      'main.3333333333.js',
      'ssr/1.careers.2222222222.js',
      'releases/abc/main.9999999999.js',
    ])
      expect(fs.existsSync(path.join(target, kept))).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(target, 'deployed-build.json'), 'utf8'))).toEqual({
      files: ['main.3333333333.js', 'ssr/1.careers.3333333333.js'],
      deployedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("never replaces the host's runtime config with a build's", () => {
    const target = path.join(work, 'host');
    writeBuild(target, { 'runtime-config.json': '{"env":"production"}' });
    writeBuild(path.join(work, 'v1'), {
      'index.html': 'v1',
      'runtime-config.json': '{"env":"local"}',
    });
    deployApp(path.join(work, 'v1'), target);
    expect(fs.readFileSync(path.join(target, 'runtime-config.json'), 'utf8')).toBe(
      '{"env":"production"}',
    );
  });

  it("refuses a host whose file under a content-hashed name is not the build's, and leaves it as it was", () => {
    const target = path.join(work, 'host');
    writeBuild(path.join(work, 'v1'), { 'index.html': 'v1', 'main.aaaaaaaaaa.js': 'chunk v1' });
    writeBuild(target, { 'main.aaaaaaaaaa.js': 'planted' });
    expect(() => deployApp(path.join(work, 'v1'), target)).toThrow(
      "main.aaaaaaaaaa.js on the host is not this build's file of that name",
    );
    expect(fs.readFileSync(path.join(target, 'main.aaaaaaaaaa.js'), 'utf8')).toBe('planted');
  });

  it("leaves out what the host must not serve, and records the build's commit", () => {
    const target = path.join(work, 'host');
    writeBuild(path.join(work, 'v1'), {
      'index.html': 'standalone page',
      'runtime-config.json': '{"local":true}',
      'mf-manifest.json': '{}',
    });
    deployApp(path.join(work, 'v1'), target, { remote: true, commit: 'abc123' });
    expect(fs.readdirSync(target).sort()).toEqual(['deployed-build.json', 'mf-manifest.json']);
    expect(
      JSON.parse(fs.readFileSync(path.join(target, 'deployed-build.json'), 'utf8')),
    ).toMatchObject({
      commit: 'abc123',
    });
  });

  it('refuses a folder that is not a build', () => {
    expect(() => deployApp(path.join(work, 'nothing'), path.join(work, 'host'))).toThrow(
      'is not a build (no index.html)',
    );
  });
});
