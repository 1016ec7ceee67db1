import { IN_MEMORY } from '@felt/event-store';
import { describeDataLocation, redactUrl } from './database-location';

describe('where the data lives', () => {
  it('names PostgreSQL without its password', () => {
    const { message, warning } = describeDataLocation({ databaseUrl: 'postgres://felt:s3cret@db:5432/felt', dataDir: './data' });
    expect(message).toContain('PostgreSQL at postgres://felt:***@db:5432/felt');
    expect(message).not.toContain('s3cret');
    expect(warning).toBeUndefined();
  });

  it('warns at every PGlite start that nothing is fsynced', () => {
    const { message, warning } = describeDataLocation({ dataDir: './data' });
    expect(message).toMatch(/PGlite database in \/.*\/data/);
    expect(warning).toMatch(/does not fsync.*killed process.*power loss.*PostgreSQL/s);
    expect(describeDataLocation({ dataDir: IN_MEMORY }).warning).toMatch(/lost when the process stops/);
  });

  it('never prints an unparseable URL', () => {
    expect(redactUrl('not a url :: with secrets')).toBe('(unparseable DATABASE_URL)');
  });
});
