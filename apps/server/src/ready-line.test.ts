import { describe, expect, it } from 'vitest';
import { describeReady } from './ready-line.js';

describe('describeReady', () => {
  it('names localhost for a server on every interface, and the data directory as a person typed it', () => {
    expect(describeReady({ host: '0.0.0.0', dataDir: '/srv/app/data', databaseUrl: undefined }, 3000, '/srv/app')).toBe(
      'Tasklane is ready at http://localhost:3000 (database: embedded PostgreSQL in ./data)',
    );
    expect(describeReady({ host: '::', dataDir: '/var/lib/tasklane', databaseUrl: undefined }, 8080, '/srv/app')).toBe(
      'Tasklane is ready at http://localhost:8080 (database: embedded PostgreSQL in /var/lib/tasklane)',
    );
  });

  it('names the address it listens on when that is one address', () => {
    expect(describeReady({ host: '127.0.0.1', dataDir: '/d', databaseUrl: undefined }, 4000, '/')).toMatch(/^Tasklane is ready at http:\/\/127\.0\.0\.1:4000 /);
    expect(describeReady({ host: '::1', dataDir: '/d', databaseUrl: undefined }, 4000, '/')).toMatch(/^Tasklane is ready at http:\/\/\[::1\]:4000 /);
  });

  it('names PostgreSQL by host, port and database, never by user or password', () => {
    const line = describeReady({ host: '0.0.0.0', dataDir: '/d', databaseUrl: 'postgres://tasklane:s3cret-Pa55@db.internal:6432/tasklane_prod?sslmode=require' }, 3000);
    expect(line).toBe('Tasklane is ready at http://localhost:3000 (database: PostgreSQL at db.internal:6432/tasklane_prod)');
    expect(line).not.toContain('s3cret');
    expect(describeReady({ host: '0.0.0.0', dataDir: '/d', databaseUrl: 'postgresql://u:p@localhost/app' }, 3000)).toContain('(database: PostgreSQL at localhost:5432/app)');
  });

  it('says how many server processes share the port when more than one', () => {
    expect(describeReady({ host: '0.0.0.0', dataDir: '/srv/app/data', databaseUrl: undefined, webConcurrency: 2 }, 3000, '/srv/app')).toBe(
      'Tasklane is ready at http://localhost:3000 (database: embedded PostgreSQL in ./data; 2 server processes)',
    );
    expect(describeReady({ host: '0.0.0.0', dataDir: '/d', databaseUrl: undefined, webConcurrency: 1 }, 3000, '/')).not.toContain('process');
  });
});
