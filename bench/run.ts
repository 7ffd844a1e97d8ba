/**
 * `npm run bench`: figures, never assertions. Builds the site once, then prints
 * - per drop-in script: JS + CSS gzip bytes (CSS is inlined in the script);
 * - the shell's first load: gzip bytes of index.html, its entry chunk, its static imports and CSS;
 * - server throughput of the public API under load (./throughput.ts: autocannon, 100 connections,
 *   beside a bare node:http floor; p99 at an offered 1,000 req/s);
 * - the cloud-status widget's render cost in Chromium (see ./cloud-status-render.ts);
 * - Lighthouse 12.8 (mobile preset) on home, cloud status, incidents, data center map and sign-in
 *   (./lighthouse.ts);
 * - with `BENCH_STORM=1` only (the full matrix takes an hour or more): the notification storm
 *   (./storm.ts, also `npm run bench:storm`): mails/s to N subscribers against the SMTP server's
 *   ceiling, and the public GETs' latency meanwhile.
 */
import { spawnSync } from 'node:child_process'
import { get as httpGet } from 'node:http'
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { buildApp } from '../server/app'
import { measureCloudStatusRender } from './cloud-status-render'
import { runLighthouse } from './lighthouse'
import { runStormBench } from './storm'
import { runDatabaseThroughput, runThroughput } from './throughput'

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

// Server throughput under the spike: autocannon against the real server and a bare node:http
// floor, each in its own process (./throughput.ts).
await runThroughput(site)
await runDatabaseThroughput(site)

// The render bench needs a server on this process's side: the real one on a throw-away database.
const dataDir = mkdtempSync(join(tmpdir(), 'trust-bench-'))
const app = await buildApp({ dataDir, staticDir: site, ssrDir: join(site, '..', 'ssr'), logger: false })
await app.listen({ port: 0, host: '127.0.0.1' })
const port = (app.server.address() as { port: number }).port
const base = `http://127.0.0.1:${port}`

// The same first load on the wire, as a browser asks for it (brotli or gzip, whichever the
// server sends), and whether every file and API answer over 1 KB goes out compressed.
const wire = (path: string) =>
  new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
    httpGet(`${base}${path}`, { headers: { 'accept-encoding': 'br, gzip', accept: 'text/html,*/*' } }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length
      })
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }))
    }).on('error', reject)
  })
let onWire = (await wire('/')).bytes
const plain: string[] = []
for (const f of files) {
  const answer = await wire(`/${f}`)
  onWire += answer.bytes
  if (answer.encoding === 'identity' && answer.bytes > 1000) plain.push(f)
}
for (const path of [
  '/api/global',
  '/api/cloud-status?cloud=auroraedgethree&requestType=public&dateOffset=0',
  '/api/incident?cloud=auroraedge',
]) {
  const answer = await wire(path)
  if (answer.encoding === 'identity' && answer.bytes > 1000) plain.push(path)
}
console.log(`Shell first load on the wire: ${kb(onWire)} (gzip -9 figure above ${kb(firstLoad)})`)
console.log(`Files and API answers over 1 KB sent uncompressed: ${plain.length ? plain.join(', ') : 'none'}`)

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
// The same renders traced: the script's main-thread CPU time, without the time the thread waited
// for a core (this machine has 2; the browser's other processes and the harness share them, so
// the wall-clock figures above vary by a factor of two from run to run).
const traced = []
for (let i = 0; i < 5; i++) traced.push(await measureCloudStatusRender(base, 150, 500, { trace: true }))
traced.sort((a, b) => (a.scriptCpuMs ?? 0) - (b.scriptCpuMs ?? 0))
const cpuLong = traced.flatMap((r) => r.longTasksCpu ?? [])
console.log(
  `  script CPU time (traced runs) ${ms(traced[2].scriptCpuMs ?? 0)} (median; runs ${traced.map((r) => (r.scriptCpuMs ?? 0).toFixed(1)).join(', ')})`,
)
const tasksCpu = traced.map((r) => r.tasksCpuMs ?? 0).sort((a, b) => a - b)
console.log(
  `  main-thread CPU time of every task (script, style, layout, paint): ${ms(tasksCpu[2])} (median; runs ${tasksCpu.map((n) => n.toFixed(1)).join(', ')})`,
)
const longest = traced.map((r) => r.longestTaskCpuMs ?? 0).sort((a, b) => a - b)
console.log(
  `  costliest task of each traced run, CPU time: ${ms(longest[2])} (median; runs ${longest.map((n) => n.toFixed(1)).join(', ')})`,
)
console.log(
  `  tasks over 50 ms wall in the traced runs: ${cpuLong.length ? `${cpuLong.length}, CPU time ${cpuLong.map((d) => `${d.toFixed(0)} ms`).join(', ')}` : 'none'}`,
)
// The same render of a week of 8 locations with 12 issues: what the drop-in costs besides the
// timeline's rows (the global data, both weeks' requests, the first render, this harness).
const fixed = []
for (let i = 0; i < 5; i++) fixed.push(await measureCloudStatusRender(base, 8, 12))
fixed.sort((a, b) => a.scriptMs - b.scriptMs)
console.log(
  `  8 locations × 12 issues for comparison: script ${ms(fixed[2].scriptMs)} (median; runs ${fixed.map((r) => r.scriptMs.toFixed(1)).join(', ')})`,
)

await app.close()
rmSync(dataDir, { recursive: true, force: true })

// Last, on a quiet machine: Lighthouse's simulated mobile figures of the five pages.
await runLighthouse(site)

// On request only: the notification storm's default matrix.
if (process.env.BENCH_STORM === '1') await runStormBench()
