import { buildApp } from '../server/app.js'
const url = process.argv[2]
const t0 = Date.now()
const app = await buildApp({ dataDir: '/tmp/dbg-data', databaseUrl: url })
console.log('built in', Date.now() - t0, 'ms')
for (const u of ['/api/global', '/api/clouds', '/api/cloud-banner?cloud=auroraedge', '/api/records?cloud=auroraedge&type=incident']) {
  const r = await app.inject(u)
  console.log(u, r.statusCode, r.body.slice(0, 150))
}
await app.close()
