export {
  compareDeclaredWithMigrated,
  DB_DIFF_COMMAND,
  type DeclaredAndMigrated,
} from './compare.ts';
export { buildFromMigrations, buildFromSchemas, type BuiltDatabase } from './databases.ts';
export { describeDatabase, firstDifference, normaliseDump, PROJECT_SCHEMAS } from './describe.ts';
export { writeNextMigration, type NextMigration } from './next-migration.ts';
export { schemaDiff } from './schema-diff.ts';
export { declaredSchemaFiles, SCHEMAS_DIR, type SchemaFile } from './schema-files.ts';
