import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { declaredSchemaFiles, SCHEMAS_DIR } from './schema-files.ts';

let root: string;
let config: string;
let schemas: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'db-schema-'));
  mkdirSync(path.join(root, 'supabase', 'schemas'), { recursive: true });
  config = path.join(root, 'supabase', 'config.toml');
  schemas = path.join(root, 'supabase', 'schemas');
  for (const file of ['tables.sql', 'rules.sql']) writeFileSync(path.join(schemas, file), '');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const declare = (paths: string[]) =>
  writeFileSync(
    config,
    `[db.migrations]\nschema_paths = [${paths.map((entry) => JSON.stringify(entry)).join(', ')}]\n`,
  );

describe('the declared schema files', () => {
  it('are config.toml’s schema_paths, in their order, named from the repo root', () => {
    declare(['./schemas/rules.sql', './schemas/tables.sql']);
    expect(declaredSchemaFiles(config, schemas)).toEqual([
      { name: 'supabase/schemas/rules.sql', file: path.join(schemas, 'rules.sql') },
      { name: 'supabase/schemas/tables.sql', file: path.join(schemas, 'tables.sql') },
    ]);
  });

  it.each([
    [['./schemas/rules.sql'], /does not list schemas\/tables\.sql: it would never apply/],
    [['./schemas/*.sql'], /name each file instead of the pattern \.\/schemas\/\*\.sql/],
    [
      ['./schemas/rules.sql', './schemas/tables.sql', './schemas/rules.sql'],
      /lists schemas\/rules\.sql 2 times/,
    ],
    [
      ['./schemas/rules.sql', './schemas/tables.sql', './schemas/gone.sql'],
      /lists schemas\/gone\.sql, which does not exist/,
    ],
    [
      ['./seed.sql', './schemas/rules.sql', './schemas/tables.sql'],
      /\.\/seed\.sql is not an \.sql file of supabase\/schemas/,
    ],
  ])('refuses %j, naming the setting', (paths, message) => {
    declare(paths);
    expect(() => declaredSchemaFiles(config, schemas)).toThrow(message);
    expect(() => declaredSchemaFiles(config, schemas)).toThrow(
      /config\.toml \[db\.migrations\] schema_paths/,
    );
  });

  it('refuses a setting that is not a list of paths', () => {
    writeFileSync(config, '[db.migrations]\nschema_paths = "./schemas"\n');
    expect(() => declaredSchemaFiles(config, schemas)).toThrow(/must be a list of the files/);
  });

  it('lists every file of the repo’s supabase/schemas', () => {
    const declared = declaredSchemaFiles().map(({ name }) => path.basename(name));
    expect([...declared].sort()).toEqual(
      readdirSync(SCHEMAS_DIR)
        .filter((entry) => entry.endsWith('.sql'))
        .sort(),
    );
  });
});
