// Pre-compression of the built site (`npm run build` runs it last): beside every text file of
// dist/site over 1 KB it writes `{file}.br` (brotli, quality 11) and `{file}.gz` (gzip, level 9),
// which the server sends as they are to clients that accept them (@fastify/static `preCompressed`),
// so no request pays for compressing a file that never changes.
//
//   node scripts/compress.mjs [DIR]   (default dist/site); prints the totals
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Extensions worth compressing: text formats the site serves. */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.map'])

/** Files smaller than this (bytes) are sent as they are: compression would not pay for its header. */
export const MIN_BYTES = 1024

/** Every file under `dir`, recursively. */
function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]))
}

/**
 * Writes the .br and .gz copies of every compressible file of `dir` over {@link MIN_BYTES}.
 * @returns the number of files and their total bytes before and after (brotli, gzip)
 */
export function compressDir(dir) {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 }
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.has(extname(file)) || statSync(file).size < MIN_BYTES) continue
    const raw = readFileSync(file)
    const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
    const gz = gzipSync(raw, { level: 9 })
    writeFileSync(`${file}.br`, br)
    writeFileSync(`${file}.gz`, gz)
    totals.files++
    totals.raw += raw.length
    totals.br += br.length
    totals.gz += gz.length
  }
  return totals
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist/site')
  const t = compressDir(dir)
  const kb = (n) => `${(n / 1000).toFixed(1)} KB`
  console.log(`Pre-compressed ${t.files} files: ${kb(t.raw)} → brotli ${kb(t.br)}, gzip ${kb(t.gz)}`)
}
