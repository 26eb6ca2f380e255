import type { Database } from './database.ts';

export interface FunctionSignature {
  argNames: string[];
  returnsSet: boolean;
  returnsVoid: boolean;
}

/** PostgREST's view of the exposed schema, read once after migrations, as PostgREST reads it at start-up. */
export interface SchemaCache {
  readonly schema: 'public';
  /** table or view name -> its column names */
  readonly relations: ReadonlyMap<string, ReadonlySet<string>>;
  /** function name -> its overloads */
  readonly functions: ReadonlyMap<string, readonly FunctionSignature[]>;
}

export async function loadSchemaCache(database: Database): Promise<SchemaCache> {
  return database.transaction(async (db) => {
    const columns = await db.query<{ relname: string; attname: string }>(
      `select c.relname, a.attname
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid
        where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')
          and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attnum`,
    );
    const relations = new Map<string, Set<string>>();
    for (const { relname, attname } of columns.rows) {
      if (!relations.has(relname)) relations.set(relname, new Set());
      relations.get(relname)?.add(attname);
    }

    const procs = await db.query<{
      proname: string;
      argnames: string[] | null;
      retset: boolean;
      retvoid: boolean;
    }>(
      `select p.proname, p.proargnames as argnames, p.proretset as retset, p.prorettype = 'void'::regtype as retvoid
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prokind = 'f'`,
    );
    const functions = new Map<string, FunctionSignature[]>();
    for (const { proname, argnames, retset, retvoid } of procs.rows) {
      if (!functions.has(proname)) functions.set(proname, []);
      functions
        .get(proname)
        ?.push({ argNames: argnames ?? [], returnsSet: retset, returnsVoid: retvoid });
    }
    return { schema: 'public', relations, functions };
  });
}
