import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// The API suite runs on PGlite always and, when TEST_DATABASE_URL names a PostgreSQL server, on that server too.
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['pg'] : [])]

/** Timed against the load of other files, so run on its own (below). */
const ALONE = 'test/api/documents-threads.test.ts'

export default defineConfig({
  test: {
    // A test file at a time per core, at least two: Vitest's default leaves one core free, which on a two-core
    // machine ran every file one after the other while the other core waited on the database.
    maxWorkers: Math.max(2, availableParallelism()),
    // The files of a worker share the modules it has loaded, which it then loads once instead of once a file
    // (a second or more of every file's time went to loading the app again). Every file builds its own app on a
    // database of its own and no test replaces a module, so nothing one file does is seen by the next.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      // The real server in child processes: slower, so it gets time for a few cold starts a test.
      {
        extends: true,
        test: {
          name: 'process',
          include: [
            'test/process.test.ts',
            'test/compile.test.ts',
            'test/data-dir.test.ts',
            'test/backup.test.ts',
            'test/admin-cli.test.ts',
          ],
          testTimeout: 180_000,
        },
      },
      // Sign-in limits shared through Redis, when TEST_REDIS_URL names a Redis server.
      ...(process.env.TEST_REDIS_URL
        ? [{ extends: true as const, test: { name: 'redis', include: ['test/redis/**/*.test.ts'] } }]
        : []),
      // The database going away and coming back, on the PostgreSQL server only: PGlite lives in the process.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'pg-outage',
                include: ['test/pg/**/*.test.ts'],
                env: { TEST_DB: 'pg' },
                globalSetup: ['test/global-setup.ts'],
              },
            },
          ]
        : []),
      ...databases.map((db) => ({
        extends: true as const,
        test: {
          name: `api-${db}`,
          // Several server processes on one database: PostgreSQL's only (the embedded database is one process's).
          include: ['test/api/**/*.test.ts', ...(db === 'pg' ? ['test/api-pg/**/*.test.ts'] : [])],
          exclude: [ALONE],
          env: { TEST_DB: db },
          ...(db === 'pg' && { globalSetup: ['test/global-setup.ts'] }),
        },
      })),
      // The server's thread timed while PDF threads work: a file of its own, after every other and on one
      // database at a time, so that no other file takes the cores the measurement is about.
      ...databases.map((db, i) => ({
        extends: true as const,
        test: {
          name: `alone-${db}`,
          include: [ALONE],
          // The embedded database on its own thread, as the server runs it.
          env: { TEST_DB: db === 'pglite' ? 'pglite-thread' : db },
          sequence: { groupOrder: 1 + i },
          ...(db === 'pg' && { globalSetup: ['test/global-setup.ts'] }),
        },
      })),
      // The embedded database on a thread of its own, as the server runs it: the suites whose statements,
      // transactions, errors and concurrent writes cross between the two threads the most.
      {
        extends: true,
        test: {
          name: 'api-pglite-thread',
          include: [
            'test/api/products.test.ts',
            'test/api/orders.test.ts',
            'test/api/order-workflow.test.ts',
            'test/api/import.test.ts',
            'test/api/counts.test.ts',
            'test/api/fuzz.test.ts',
            'test/embedded/**/*.test.ts',
          ],
          env: { TEST_DB: 'pglite-thread' },
        },
      },
    ],
  },
})
