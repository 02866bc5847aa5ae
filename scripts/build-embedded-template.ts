// Run by `npm install` (postinstall): makes what a first start would otherwise make itself, each on its own:
// - the empty embedded database a new DATA_DIR starts from (server/src/db/pglite-template.ts), so the start
//   copies it instead of running PostgreSQL's initdb;
// - the demo store's pictures, drawn and encoded (server/src/seed/picture-cache.ts).
// Should either fail, nothing breaks: the first start does that part itself, as before.
import { emptyStore } from '../server/src/db/client.ts'
import { writeTemplate } from '../server/src/db/pglite-template.ts'
import { cacheDemoPictures } from '../server/src/seed/demo.ts'

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1)

try {
  const started = performance.now()
  const dir = await writeTemplate(emptyStore)
  console.log(`The empty embedded database is ready in ${seconds(started)} s: ${dir}`)
} catch (error) {
  console.warn(
    `No embedded database template (a first start will make its database itself): ${String(error)}`,
  )
}

try {
  const started = performance.now()
  const count = await cacheDemoPictures()
  console.log(`The demo store's ${count} pictures are drawn, in ${seconds(started)} s`)
} catch (error) {
  console.warn(`The demo store's pictures are not drawn (a first start will draw them): ${String(error)}`)
}
