/**
 * One numbered migration (db/migrations.ts applies them in order). Its own file so that each migration
 * depends on this shape only, not on the list that imports every migration.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
