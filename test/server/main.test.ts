import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { openDatabase } from '../../server/db/connection.js'
import { createTestDatabase, databaseEnv, queryOn, startServer, TEST_DIALECT } from './helpers.js'

const test = suite('server/main.ts as a process')

test('starts from the environment, prints its address, serves, and exits cleanly on SIGTERM', async () => {
  const database = await createTestDatabase()
  const dataDir = join(database.dataDir, 'nested', 'data') // created by the server (SQLite)
  const server = await startServer({ ...databaseEnv({ dataDir, databaseUrl: database.databaseUrl }), TRUST_DR: '1' }).catch(
    async (error: unknown) => {
      await database.drop()
      throw error
    },
  )
  try {
    const { line } = server
    const port = Number(line.split(':').pop())
    assert.ok(port > 0)
    if (TEST_DIALECT === 'sqlite') assert.ok(existsSync(join(dataDir, 'trust.sqlite')))
    else {
      // PostgreSQL: the server migrated the database of DATABASE_URL.
      const db = openDatabase(database.location)
      try {
        assert.ok((await queryOn(db)<{ n: number }>('select count(*) as n from kysely_migration'))[0].n > 0)
      } finally {
        await db.destroy()
      }
    }

    const global = await fetch(`http://127.0.0.1:${port}/api/global`)
    assert.is(global.status, 200)
    const data = (await global.json()) as { data: { isTrustDR: boolean; isGov: boolean } }
    assert.is(data.data.isTrustDR, true, 'TRUST_DR=1 switches the variant on')
    assert.is(data.data.isGov, false)
    const page = await fetch(`http://127.0.0.1:${port}/auroraedge.net/incidents`, { headers: { accept: 'text/html' } })
    assert.is(page.status, 200)
    assert.match(await page.text(), /<title>Trust<\/title>/)

    assert.is(await server.stop(), 0)
    assert.is(server.stdout().trim(), line, 'exactly one line on standard output')
  } finally {
    server.close()
    await database.drop()
  }
})

test.run()
