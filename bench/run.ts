/**
 * `npm run bench`: figures, never assertions. Builds the site once, then prints
 * - per drop-in script: JS + CSS gzip bytes (CSS is inlined in the script);
 * - the shell's first load: gzip bytes of index.html, its entry chunk, its static imports and CSS;
 * - server throughput of the public API on loopback (bounded request count);
 * - the cloud-status widget's render cost in Chromium (see ./cloud-status-render.ts).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { buildApp } from '../server/app'
import { measureCloudStatusRender } from './cloud-status-render'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const site = join(root, 'dist/site')

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length
// 1 KB = 1000 bytes, as size-limit and the README's size table count.
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`

if (!process.env.TRUST_SKIP_BUILD) {
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

console.log('\nDrop-in scripts (JS + inlined CSS, gzip -9)')
for (const file of readdirSync(join(site, 'widgets'))
  .filter((f) => f.endsWith('.js'))
  .sort()) {
  const path = join(site, 'widgets', file)
  console.log(`  ${file.padEnd(24)} ${kb(gz(path)).padStart(9)}  (${kb(statSync(path).size)} raw)`)
}

// First load of the shell: index.html, the CSS it links and the entry chunk with every chunk it
// imports statically (lazy pages and drop-in scripts load later).
const html = readFileSync(join(site, 'index.html'), 'utf8')
const files = new Set<string>()
for (const m of html.matchAll(/(?:href|src)="\/(assets\/[^"]+)"/g)) files.add(m[1])
const queue = [...files].filter((f) => f.endsWith('.js'))
while (queue.length) {
  const file = queue.pop()!
  const code = readFileSync(join(site, file), 'utf8')
  for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    const dep = `assets/${m[1]}`
    if (!files.has(dep)) {
      files.add(dep)
      queue.push(dep)
    }
  }
}
let firstLoad = gzipSync(Buffer.from(html), { level: 9 }).length
for (const f of files) firstLoad += gz(join(site, f))
console.log(`\nShell first load (gzip -9): ${kb(firstLoad)} over ${files.size + 1} files`)

// Server throughput: sequential and 8-way concurrent GETs on loopback, bounded in count.
const dataDir = mkdtempSync(join(tmpdir(), 'trust-bench-'))
const app = await buildApp({ dataDir, staticDir: site, logger: false })
await app.listen({ port: 0, host: '127.0.0.1' })
const port = (app.server.address() as { port: number }).port
const base = `http://127.0.0.1:${port}`
console.log('\nServer throughput (loopback, 2 000 requests, 8 concurrent)')
for (const path of [
  '/api/global',
  '/api/cloud-banner?cloud=auroraedge',
  '/api/dc_map/auroraedgethree',
  '/api/speedometer?cloud=auroraedge',
  '/api/cloud-status?cloud=auroraedgethree&requestType=core_cloud_services&dateOffset=0',
  '/api/cloud-status?cloud=auroraedgethree&requestType=public&dateOffset=0',
  '/auroraedge.net',
]) {
  await fetch(base + path).then((r) => r.arrayBuffer())
  const total = 2000
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < total) {
        next++
        const r = await fetch(base + path)
        await r.arrayBuffer()
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  console.log(`  ${path.padEnd(40)} ${(total / seconds).toFixed(0).padStart(6)} req/s`)
}

// Median of 5 renders; a render is one fresh browser, so caches do not flatter later runs.
console.log('\nCloud-status render in Chromium (150 locations × 7 days × 500 issues; target ≤ 50 ms script, no long task)')
const runs = []
for (let i = 0; i < 5; i++) runs.push(await measureCloudStatusRender(base))
runs.sort((a, b) => a.scriptMs - b.scriptMs)
const median = runs[2]
const ms = (n: number) => `${n.toFixed(1)} ms`
console.log(`  script ${ms(median.scriptMs)}, main-thread tasks ${ms(median.taskMs)}, ${median.bars} bars (median run)`)
console.log(`  first data-center rows on screen after ${ms(median.firstRowsMs)}, all bars after ${ms(median.allBarsMs)}`)
console.log(`  long tasks (> 50 ms): ${median.longTasks.length ? median.longTasks.map((d) => `${d.toFixed(0)} ms`).join(', ') : 'none'}`)
console.log(`  all runs, script ms: ${runs.map((r) => r.scriptMs.toFixed(1)).join(', ')}`)
console.log(`  all runs, long tasks: ${runs.map((r) => r.longTasks.length).join(', ')}`)

await app.close()
rmSync(dataDir, { recursive: true, force: true })
