/**
 * The origin of the throughput bench, in its own process so the load generator does not share
 * its event loop: the real server (`buildApp`) on a throw-away data directory and the built site,
 * on 127.0.0.1 and a free port. Prints `PORT <n>` once listening; exits on SIGTERM.
 * `BENCH_DATABASE_URL` runs it on that PostgreSQL database instead of SQLite;
 * `BENCH_RESPONSE_CACHE=off` turns the origin's response cache off (every GET reads the database).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../server/app'

const dataDir = mkdtempSync(join(tmpdir(), 'trust-bench-origin-'))
const app = await buildApp({
  dataDir,
  databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  staticDir: process.argv[2],
  ssrDir: join(process.argv[2], '..', 'ssr'),
  logger: false,
  ...(process.env.BENCH_RESPONSE_CACHE === 'off' ? { responseCacheBytes: 0 } : {}),
})
await app.listen({ port: 0, host: '127.0.0.1' })
console.log(`PORT ${(app.server.address() as { port: number }).port}`)
process.on('SIGTERM', async () => {
  await app.close()
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
})
