/**
 * The statement that grants the application role (felt_app, docs/security.md) its privileges on a migration's tables
 * where that role exists; a database without it, or a migrating role that may not grant, goes on with a notice.
 * `grants`: [privileges, tables] pairs; `what`: the tables in the notice.
 */
export function grantToApp(grants: readonly (readonly [privileges: string, tables: string])[], what: string): string {
  return `DO $$
  BEGIN
    IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'felt_app') THEN
      ${grants.map(([privileges, tables]) => `GRANT ${privileges} ON ${tables} TO felt_app;`).join('\n      ')}
    END IF;
  EXCEPTION
    WHEN insufficient_privilege THEN
      RAISE NOTICE 'felt_app grants on ${what} skipped (insufficient privilege)';
  END
  $$`;
}
