/**
 * Checks a running site's CSAF 2.0 provider from the outside, as a CSAF client finds it
 * (docs/operating/security-advisories.md#the-csaf-provider), and prints what it found:
 *
 *   node --import tsx scripts/csaf-check.ts https://status.example.com
 *
 * `security.txt` → its `CSAF` field → `provider-metadata.json` → the public key it names →
 * `white/index.txt` → every document: the BSI validator's strict schema, mandatory and
 * recommended tests (`./csaf-validate.ts`), the `.sha256` and `.sha512` against the bytes, the
 * `.asc` against the published key; then that `changes.csv` and the ROLIE feed list the same
 * documents. One line per check; exit status 0 when everything passed, 1 otherwise, 2 when the
 * site cannot be reached.
 */
import { createHash } from 'node:crypto'
import { parse as parseCsv } from 'csv-parse/sync'
import * as openpgp from 'openpgp'
import { validateCsaf } from './csaf-validate.js'

let failures = 0

/** Prints one check's outcome; counts the failures. */
function report(ok: boolean, what: string, details: readonly string[] = []): void {
  if (!ok) failures++
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`)
  for (const line of details) console.log(`       ${line}`)
}

/** The text at `url`; throws with the status when it is not 200. */
async function text(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' })
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`)
  return res.text()
}

async function main(origin: string): Promise<void> {
  const security = await text(`${origin}/.well-known/security.txt`)
  const csafField = /^CSAF: (\S+)$/m.exec(security)?.[1]
  report(!!csafField, `security.txt names the provider: ${csafField ?? 'no CSAF field'}`)
  const metadataUrl = csafField ?? `${origin}/.well-known/csaf/provider-metadata.json`
  const metadata = JSON.parse(await text(metadataUrl))
  report(metadata.canonical_url === metadataUrl, `provider-metadata.json: role ${metadata.role}, publisher ${metadata.publisher?.name}`)
  const keyInfo = metadata.public_openpgp_keys?.[0]
  const key = keyInfo ? await openpgp.readKey({ armoredKey: await text(keyInfo.url) }) : null
  report(
    !key || key.getFingerprint().toUpperCase() === keyInfo.fingerprint.toUpperCase(),
    key ? `public key ${keyInfo.fingerprint}` : 'no public key: documents are unsigned',
  )
  const directory = metadata.distributions?.[0]?.directory_url ?? `${origin}/.well-known/csaf/white/`
  const paths = (await text(`${directory}index.txt`)).split('\n').filter(Boolean)
  console.log(`${paths.length} documents in ${directory}index.txt`)
  for (const path of paths) {
    const url = `${directory}${path}`
    const json = await text(url)
    const { isValid, problems: all } = await validateCsaf(JSON.parse(json))
    // A canonical URL must be https (recommended test 6.2.11): a development site on http cannot meet it.
    const withoutTls = origin.startsWith('http://') ? all.filter((p) => p.startsWith('optionalTest_6_2_11 ')) : []
    const problems = all.filter((p) => !withoutTls.includes(p))
    report(isValid && problems.length === 0, `${path}: BSI validator (schema, mandatory, recommended)`, [
      ...problems,
      ...withoutTls.map((p) => `${p} (expected: the site is served over http, not https)`),
    ])
    for (const algorithm of ['sha256', 'sha512'] as const) {
      const digest = (await text(`${url}.${algorithm}`)).split(/\s/)[0]
      report(digest === createHash(algorithm).update(json).digest('hex'), `${path}.${algorithm} matches`)
    }
    if (key) {
      try {
        const signature = await openpgp.readSignature({ armoredSignature: await text(`${url}.asc`) })
        const message = await openpgp.createMessage({ binary: new TextEncoder().encode(json) })
        const { signatures } = await openpgp.verify({ message, signature, verificationKeys: key })
        await signatures[0].verified
        report(true, `${path}.asc verifies with the published key`)
      } catch (error) {
        report(false, `${path}.asc verifies with the published key`, [(error as Error).message])
      }
    }
  }
  const changes = (parseCsv(await text(`${directory}changes.csv`)) as string[][]).map((r) => r[0]).sort()
  report(JSON.stringify(changes) === JSON.stringify([...paths].sort()), 'changes.csv lists the documents of index.txt')
  const feedUrl = metadata.distributions?.[0]?.rolie?.feeds?.[0]?.url
  if (feedUrl) {
    const feed = JSON.parse(await text(feedUrl)).feed
    const listed = feed.entry.map((e: { content: { src: string } }) => e.content.src).sort()
    report(JSON.stringify(listed) === JSON.stringify(paths.map((p) => `${directory}${p}`).sort()), 'the ROLIE feed lists every document')
  }
  console.log(failures === 0 ? 'The provider passed every check.' : `${failures} checks failed.`)
  process.exitCode = failures === 0 ? 0 : 1
}

const origin = process.argv[2]?.replace(/\/+$/, '')
if (!origin) {
  console.error('Name the site: node --import tsx scripts/csaf-check.ts https://status.example.com')
  process.exit(2)
}
main(origin).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(2)
})
