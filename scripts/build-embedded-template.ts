// Run by `npm install` (postinstall): makes the empty embedded database that a new DATA_DIR starts from
// (server/src/db/pglite-template.ts), so a first start copies it instead of running PostgreSQL's initdb.
// Should it fail, nothing breaks: a first start runs initdb as before.
import { migrate, openDatabase } from '../server/src/db/client.ts'
import { writeTemplate } from '../server/src/db/pglite-template.ts'

try {
  const started = performance.now()
  const dir = await writeTemplate(async (work) => {
    const database = await openDatabase({ dataDir: work })
    try {
      await migrate(database)
    } finally {
      await database.close()
    }
  })
  console.log(
    `The empty embedded database is ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${dir}`,
  )
} catch (error) {
  console.warn(
    `No embedded database template (a first start will make its database itself): ${String(error)}`,
  )
}
