import path from 'node:path';
import { ProjectConfig } from '../src/config/project-config.ts';
import { readSeedFiles } from '../src/db/seed.ts';
import { readFunctionCatalog } from '../src/functions/function-catalog.ts';

// supabase/config.toml as the server reads it (smol-toml): the tables Auth, the gateway and the seed use.
const DIR = path.join(path.sep, 'project', 'supabase');
const config = (toml: string) => new ProjectConfig(toml, path.join(DIR, 'config.toml'));

describe('the project config', () => {
  it('names the file and the place of a syntax error', () => {
    expect(() => config('[auth]\njwt_expiry = = 1\n')).toThrow(
      `${path.join(DIR, 'config.toml')}:2:14: Invalid TOML document: invalid value`,
    );
  });

  it('finds dotted tables, and says which setting has the wrong type', () => {
    const read = config(`
[auth.hook.send_email]
enabled = true
uri = "http://x/functions/v1/hook" # a comment

[auth]
additional_redirect_urls = [
  "https://a.example", # one
  'https://b.example',
]
jwt_expiry = 3_600
redirects = [1]
`);
    expect(read.boolean('auth.hook.send_email', 'enabled', false)).toBe(true);
    expect(read.string('auth.hook.send_email', 'uri')).toBe('http://x/functions/v1/hook');
    expect(read.strings('auth', 'additional_redirect_urls', [])).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(read.integer('auth', 'jwt_expiry', 1, 1, 604_800)).toBe(3600);
    expect(read.integer('auth.email', 'otp_length', 6, 6, 10)).toBe(6);
    expect(() => read.strings('auth', 'redirects', [])).toThrow(
      /\[auth\] redirects must be a list of strings/,
    );
    expect(() => read.string('auth', 'jwt_expiry')).toThrow(/\[auth\] jwt_expiry must be a string/);
  });

  it('lists the enabled functions in the file’s order, with their entry files', () => {
    const read = config(`
[functions.b-second]
verify_jwt = false

[functions.a-first]
entrypoint = "./elsewhere/main.ts"

[functions.off]
enabled = false

[functions."not/a-name"]
enabled = true
`);
    expect(readFunctionCatalog(read)).toEqual([
      { name: 'b-second', entrypoint: path.join(DIR, 'functions', 'b-second', 'index.ts') },
      { name: 'a-first', entrypoint: path.join(DIR, 'elsewhere', 'main.ts') },
    ]);
  });

  it('gives the seed files of [db.seed], seed.sql when it is silent, none when it is off', () => {
    expect(readSeedFiles(config('project_id = "x"\n'))).toEqual([path.join(DIR, 'seed.sql')]);
    expect(readSeedFiles(config('[db.seed]\nsql_paths = ["./a.sql", "./seeds/b.sql"]\n'))).toEqual([
      path.join(DIR, 'a.sql'),
      path.join(DIR, 'seeds', 'b.sql'),
    ]);
    expect(readSeedFiles(config('[db.seed]\nenabled = false\n'))).toEqual([]);
  });
});
