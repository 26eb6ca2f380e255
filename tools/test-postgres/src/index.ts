export {
  findPostgresBinaries,
  type FindPostgresOptions,
  type PostgresBinaries,
  type SearchPlaces,
} from './binaries.ts';
export { startTestPostgres, type StartTestPostgresOptions, type TestPostgres } from './start.ts';
