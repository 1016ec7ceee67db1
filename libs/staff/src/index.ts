/**
 * @felt/staff: the staff and their credentials, shared by the API, the CLI and the worker's timer (no app imports
 * another): users and their roles, password hashing, Ed25519 access tokens (signing, verifying, the keys), enrollment
 * codes, the staff admin's changes (a floor supervisor or regulator only with a second floor supervisor's approval) and
 * the audit log they write. The HTTP side (guards, controllers, throttling) stays
 * in apps/api/src/auth.
 */
export * from './access-token';
export * from './audit-log';
export * from './ed25519-jwt';
export * from './enrollment';
export * from './passwords';
export * from './roles';
export * from './staff-admin';
export * from './staff-approvals';
export * from './staff-on-record';
export * from './token-keys';
export * from './users';
export * from './widening-requests';
