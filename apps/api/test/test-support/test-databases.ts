// The API's e2e tests use the same throwaway databases as the event store's own tests (one helper, not two).
export {
  APP_BACKENDS,
  BACKENDS,
  createTestDatabase,
  createPostgresDatabase,
  type Backend,
  type TestDatabase,
  useTestStore,
  type TestStore,
} from '../../../../test/support/app-databases';
