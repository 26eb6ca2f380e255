import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SITE_PATHS } from '@agentora/data/routes';
import {
  ERROR_PAGE_FILE,
  ERROR_PAGE_PATH,
  pageFile,
  readPagesRecord,
  writeAtomically,
  writePagesRecord,
} from './page-files';

describe('pageFile', () => {
  it.each([
    ['/', 'index.html'],
    ['/about', 'about/index.html'],
    ['/docs/getting-started', 'docs/getting-started/index.html'],
    [ERROR_PAGE_PATH, ERROR_PAGE_FILE],
  ])('writes %s to %s', (page, file) => {
    expect(pageFile(page)).toBe(file);
  });

  it('has a file for every route of the table, each its own', () => {
    const files = SITE_PATHS.map(pageFile);
    expect(new Set(files).size).toBe(SITE_PATHS.length);
  });

  it('renders the error page at an address that is not a route', () => {
    expect(SITE_PATHS).not.toContain(ERROR_PAGE_PATH);
  });

  it.each(['about', '/../etc/passwd', '/a/../../b', '/About', '/a b', '/blog/', '//x', '/a?b=1'])(
    'refuses %j',
    (page) => {
      expect(() => pageFile(page)).toThrow(/Cannot prerender/);
    },
  );
});

describe('writing pages', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-prerender-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes a page whole into its folder and leaves no temporary file', () => {
    writeAtomically(dir, 'about/index.html', '<p>v1</p>');
    writeAtomically(dir, 'about/index.html', '<p>v2</p>');
    expect(fs.readFileSync(path.join(dir, 'about/index.html'), 'utf8')).toBe('<p>v2</p>');
    expect(fs.readdirSync(path.join(dir, 'about'))).toEqual(['index.html']);
  });

  it('never puts its temporary inside the served folder, where a host listing it would see it', () => {
    const served = path.join(dir, 'shell');
    fs.mkdirSync(served);
    const written: string[] = [];
    const write = fs.writeFileSync;
    const spy = jest.spyOn(fs, 'writeFileSync').mockImplementation((file, ...rest) => {
      written.push(path.relative(served, String(file)));
      return write(file, ...rest);
    });
    try {
      writeAtomically(served, 'deployed-files.json', '{}');
    } finally {
      spy.mockRestore();
    }
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^\.\.\/\.shell\.writing-/);
    expect(fs.readdirSync(served)).toEqual(['deployed-files.json']);
    expect(fs.readdirSync(dir)).toEqual(['shell']);
  });

  it('refuses a path outside the folder', () => {
    expect(() => writeAtomically(dir, '../elsewhere.html', 'x')).toThrow(/is not a path inside/);
  });

  it('keeps a record of the pages, and reads none as empty', () => {
    expect(readPagesRecord(dir)).toEqual({});
    const record = {
      '/about': {
        file: 'about/index.html',
        parts: { 'content/AboutPage': 'abc' },
        renderedAt: '2026-01-01T00:00:00.000Z',
      },
    };
    writePagesRecord(dir, record);
    expect(readPagesRecord(dir)).toEqual(record);
  });
});
