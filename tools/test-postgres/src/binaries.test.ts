import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findPostgresBinaries } from './binaries.ts';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'test-postgres-binaries-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

it("finds this machine's initdb and postgres, with their major version", () => {
  const { binDir, major } = findPostgresBinaries();
  expect(existsSync(path.join(binDir, 'initdb'))).toBe(true);
  expect(existsSync(path.join(binDir, 'postgres'))).toBe(true);
  expect(major).toBeGreaterThanOrEqual(10);
  if (!process.env.POSTGRES_BIN_DIR && binDir.startsWith('/usr/lib/postgresql/')) {
    expect(binDir).toBe(`/usr/lib/postgresql/${major}/bin`);
  }
});

it('takes the newest /usr/lib/postgresql/<major>/bin that has both initdb and postgres', async () => {
  const real = findPostgresBinaries();
  const libDir = path.join(scratch, 'lib');
  const bin = async (major: number, files: string[]) => {
    const dir = path.join(libDir, String(major), 'bin');
    await mkdir(dir, { recursive: true });
    for (const file of files) await symlink(path.join(real.binDir, file), path.join(dir, file));
  };
  await bin(9, ['initdb', 'postgres']);
  await bin(real.major, ['initdb', 'postgres']);
  await bin(real.major + 1, ['initdb']); // half an installation: skipped
  const found = findPostgresBinaries({ install: false }, { libDir, pathDirs: [] });
  expect(found).toEqual({
    binDir: path.join(libDir, String(real.major), 'bin'),
    major: real.major,
  });
});

it('uses POSTGRES_BIN_DIR when set, and only it', () => {
  const real = findPostgresBinaries();
  const found = findPostgresBinaries({}, { binDir: real.binDir, libDir: scratch, pathDirs: [] });
  expect(found).toEqual(real);
  expect(() =>
    findPostgresBinaries({}, { binDir: scratch, libDir: '/usr/lib/postgresql', pathDirs: [] }),
  ).toThrow(`POSTGRES_BIN_DIR is set to ${scratch}, but initdb and postgres are not both there`);
});

it('says what to install when there is no PostgreSQL and it may not install one', () => {
  expect(() =>
    findPostgresBinaries({ install: false }, { libDir: path.join(scratch, 'none'), pathDirs: [] }),
  ).toThrow(/Install Debian's "postgresql" package \(as root: apt-get install postgresql\)/);
});
