import { spawn } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { openDatabase } from '../../server/db/connection.js'
import { createTestDatabase, databaseEnv, queryOn, removeDir, TEST_DIALECT, tempDir } from './helpers.js'

const test = suite('server/main.ts as a process')
const ROOT = fileURLToPath(new URL('../..', import.meta.url))

test('starts from the environment, prints its address, serves, and exits cleanly on SIGTERM', async () => {
  const database = await createTestDatabase()
  const dataDir = join(database.dataDir, 'nested', 'data') // created by the server (SQLite)
  const staticDir = tempDir('trust-static-')
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Trust</title>')
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...databaseEnv({ dataDir, databaseUrl: database.databaseUrl }),
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: staticDir,
      SSR_DIR: join(dataDir, 'no-server-build'),
      TRUST_DR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  try {
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start line; stderr: ${stderr}`)), 20_000)
      child.stdout.on('data', (chunk) => {
        stdout += chunk
        const match = stdout.match(/^Trust site listening on http:\/\/localhost:\d+$/m)
        if (match) {
          clearTimeout(timer)
          resolve(match[0])
        }
      })
      child.on('exit', () => reject(new Error(`exited early; stderr: ${stderr}`)))
    })
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

    child.kill('SIGTERM')
    assert.is(await exited, 0)
    assert.is(stdout.trim(), line, 'exactly one line on standard output')
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL')
    await database.drop()
    removeDir(staticDir)
  }
})

test.run()
