// The grants and revokes between two databases' project schemas, which migra's diff does not cover
// (it leaves out a function's EXECUTE and a column's privileges entirely). Read from the catalogs as
// PostgreSQL applies them, object by object: an object that exists on both sides gets exactly the
// privileges added and taken away; a new one is first reset (REVOKE ALL from PUBLIC and every role seen),
// since what it is created with depends on defaults, then given what the target declares.
import pg from 'pg';
import { PROJECT_SCHEMAS } from './describe.ts';

interface Privilege {
  kind: 'FUNCTION' | 'TABLE' | 'SEQUENCE' | 'SCHEMA' | 'COLUMN';
  /** As a GRANT names it: `private.f(text)`, `public.t`, `public`; a column's table. */
  object: string;
  /** A column's name, quoted; '' for anything else. */
  column: string;
  grantee: string;
  privilege: string;
}

const PRIVILEGES = `
  select 'FUNCTION' as kind, p.oid::regprocedure::text as object, '' as "column",
         case a.grantee when 0 then 'PUBLIC' else quote_ident(r.rolname) end as grantee,
         a.privilege_type as privilege
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
   cross join lateral aclexplode(coalesce(p.proacl, acldefault('f'::"char", p.proowner))) a
    left join pg_roles r on r.oid = a.grantee
   where n.nspname = any($1) and a.grantee <> p.proowner
  union all
  select case c.relkind when 'S' then 'SEQUENCE' else 'TABLE' end, format('%I.%I', n.nspname, c.relname), '',
         case a.grantee when 0 then 'PUBLIC' else quote_ident(r.rolname) end, a.privilege_type
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
   cross join lateral aclexplode(coalesce(c.relacl, acldefault((case c.relkind when 'S' then 's' else 'r' end)::"char", c.relowner))) a
    left join pg_roles r on r.oid = a.grantee
   where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') and a.grantee <> c.relowner
  union all
  select 'COLUMN', format('%I.%I', n.nspname, c.relname), quote_ident(att.attname),
         case a.grantee when 0 then 'PUBLIC' else quote_ident(r.rolname) end, a.privilege_type
    from pg_attribute att
    join pg_class c on c.oid = att.attrelid
    join pg_namespace n on n.oid = c.relnamespace
   cross join lateral aclexplode(att.attacl) a
    left join pg_roles r on r.oid = a.grantee
   where n.nspname = any($1) and att.attnum > 0 and not att.attisdropped and att.attacl is not null
  union all
  select 'SCHEMA', quote_ident(n.nspname), '',
         case a.grantee when 0 then 'PUBLIC' else quote_ident(r.rolname) end, a.privilege_type
    from pg_namespace n
   cross join lateral aclexplode(coalesce(n.nspacl, acldefault('n'::"char", n.nspowner))) a
    left join pg_roles r on r.oid = a.grantee
   where n.nspname = any($1) and a.grantee <> n.nspowner`;

/**
 * Every function, relation and column of the project's schemas, privileges or not, with what makes a
 * diff drop and create it again rather than replace it in place (`identity`: a function's argument
 * names and result, a view's columns), which resets its privileges to the defaults.
 */
const OBJECTS = `
  select 'FUNCTION' as kind, p.oid::regprocedure::text as object, '' as "column",
         pg_get_function_identity_arguments(p.oid) || ' returns ' || pg_get_function_result(p.oid) as identity
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = any($1)
  union all
  select case c.relkind when 'S' then 'SEQUENCE' else 'TABLE' end, format('%I.%I', n.nspname, c.relname), '',
         case when c.relkind in ('v', 'm') then
           (select string_agg(format('%I %s', a.attname, format_type(a.atttypid, a.atttypmod)), ', ' order by a.attnum)
              from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped)
         else '' end
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
  union all
  select 'COLUMN', format('%I.%I', n.nspname, c.relname), quote_ident(att.attname), ''
    from pg_attribute att join pg_class c on c.oid = att.attrelid join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = any($1) and att.attnum > 0 and not att.attisdropped
  union all
  select 'SCHEMA', quote_ident(n.nspname), '', '' from pg_namespace n where n.nspname = any($1)`;

type Thing = Pick<Privilege, 'kind' | 'object' | 'column'> & { identity: string };

async function catalogOf(url: string): Promise<{ privileges: Privilege[]; objects: Thing[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Names schema-qualified, as a migration must write them whatever its search_path.
    await client.query(`set search_path = ''`);
    const privileges = (await client.query<Privilege>(PRIVILEGES, [PROJECT_SCHEMAS])).rows;
    const objects = (await client.query<Thing>(OBJECTS, [PROJECT_SCHEMAS])).rows;
    return { privileges, objects };
  } finally {
    await client.end();
  }
}

const thing = (p: Pick<Thing, 'kind' | 'object' | 'column'>) =>
  `${p.kind}\u0000${p.object}\u0000${p.column}`;
const key = (p: Privilege) =>
  `${p.kind}\u0000${p.object}\u0000${p.column}\u0000${p.grantee}\u0000${p.privilege}`;
const objectKey = (p: Pick<Privilege, 'kind' | 'object'>) =>
  `${p.kind === 'COLUMN' ? 'TABLE' : p.kind}\u0000${p.object}`;

function on(p: Privilege): string {
  return p.kind === 'COLUMN'
    ? `${p.privilege.toLowerCase()} (${p.column}) on table ${p.object}`
    : `${p.privilege.toLowerCase()} on ${p.kind.toLowerCase()} ${p.object}`;
}

/** The GRANT and REVOKE statements that give `toUrl`'s privileges to `fromUrl`'s objects once migrated. */
export async function privilegeDiff(fromUrl: string, toUrl: string): Promise<string> {
  const [before, after] = await Promise.all([catalogOf(fromUrl), catalogOf(toUrl)]);
  const [from, to] = [before.privileges, after.privileges];
  const fromKeys = new Set(from.map(key));
  const toKeys = new Set(to.map(key));
  const identityBefore = new Map(before.objects.map((object) => [thing(object), object.identity]));
  const existsAfter = new Set(after.objects.map(thing));
  // Objects of the target that the old side lacks, or has in a form a diff replaces by dropping it and
  // creating it again (a function whose arguments were renamed): their privileges start from defaults.
  const fresh = new Map<string, Thing>();
  for (const object of after.objects)
    if (object.kind !== 'COLUMN' && identityBefore.get(thing(object)) !== object.identity)
      fresh.set(objectKey(object), object);
  const grantees = [
    ...new Set(['PUBLIC', ...from.map((p) => p.grantee), ...to.map((p) => p.grantee)]),
  ].sort();
  const statements: string[] = [];
  for (const object of [...fresh.values()].sort((a, b) => objectKey(a).localeCompare(objectKey(b))))
    statements.push(
      `revoke all on ${object.kind.toLowerCase()} ${object.object} from ${grantees.join(', ')};`,
    );
  // Taken away from an object that is still there (a dropped object takes its privileges with it).
  for (const p of from)
    if (!toKeys.has(key(p)) && existsAfter.has(thing(p)) && !fresh.has(objectKey(p)))
      statements.push(`revoke ${on(p)} from ${p.grantee};`);
  for (const p of to)
    if (!fromKeys.has(key(p)) || fresh.has(objectKey(p)))
      statements.push(`grant ${on(p)} to ${p.grantee};`);
  return statements.length === 0 ? '' : `${statements.join('\n')}\n`;
}
