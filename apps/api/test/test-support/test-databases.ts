// The API's e2e tests use the same throwaway databases as the event store's own tests (one helper, not two).
export { APP_BACKENDS, BACKENDS, createTestDatabase, createPostgresDatabase, type Backend, type TestDatabase } from '../../../../libs/event-store/test-support/test-databases';
export { useTestStore, type TestStore } from '../../../../libs/event-store/test-support/test-store';
