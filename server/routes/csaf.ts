/**
 * The CSAF 2.0 provider and security.txt (docs/operating/security-advisories.md#the-csaf-provider), outside `/api/`:
 *
 * - `GET /.well-known/csaf/provider-metadata.json` — the provider metadata (`server/csaf/provider.ts`).
 * - `GET /.well-known/csaf/service.json` — the ROLIE service document.
 * - `GET /.well-known/csaf/white/{year}/{file}.json` — an advisory's CSAF document, with
 *   `.json.sha256`, `.json.sha512` (`{digest}  {file}`) and `.json.asc` (the detached signature;
 *   404 while documents go out unsigned).
 * - `GET /.well-known/csaf/white/index.txt`, `…/changes.csv`, `…/csaf-feed-tlp-white.json` (ROLIE).
 * - The same files under `/.well-known/csaf/clear/`, byte for byte (TLP 2.0's name of CSAF 2.0's
 *   WHITE, docs/decisions/0086-csaf-provider.md).
 * - `GET /.well-known/csaf/openpgp/{FINGERPRINT}.asc` — the provider's public key.
 * - `GET /.well-known/security.txt` — RFC 9116, with the `CSAF` field.
 *
 * All are public and cached like the feeds (`PUBLIC_SHORT_CACHE`: CORS `*`, shared freshness of
 * `PUBLIC_CACHE_SECONDS`). The documents are brought up to date when they are read
 * (`server/csaf/store.ts`). Links use `PUBLIC_URL` (always set in production), else the origin
 * the request reached. Errors are JSON: 404 `not_found` for an unknown directory, file or key.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ERROR_RESPONSES } from '../../contract/common.js'
import { CsafDirectoryParams, CsafDocumentParams, CsafFile, CsafKeyParams } from '../../contract/csaf.js'
import { TLP_ALIAS_DIRECTORY, TLP_DIRECTORY } from '../csaf/document.js'
import {
  changesCsv,
  hashFile,
  indexTxt,
  providerMetadata,
  ROLIE_FEED_FILE,
  rolieFeed,
  rolieService,
  securityTxt,
} from '../csaf/provider.js'
import { type CsafContext, currentDocuments } from '../csaf/store.js'
import { notFound } from '../http/errors.js'
import { documentOrigin } from '../http/origin.js'
import { PUBLIC_SHORT_CACHE } from '../http/public-api.js'
import { readSiteName } from '../repo/settings.js'
import type { RouteDeps, TrustApp } from './deps.js'

const JSON_TYPE = 'application/json; charset=utf-8'
const TEXT_TYPE = 'text/plain; charset=utf-8'

/** A JSON file as served: two spaces of indentation and a final newline, like the documents. */
const jsonText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

/** The TLP directory a request names: `white`, or `clear` standing for it. */
function requireTlp(tlp: string): void {
  if (tlp !== TLP_DIRECTORY && tlp !== TLP_ALIAS_DIRECTORY) {
    throw notFound(`This provider publishes TLP:WHITE (TLP:CLEAR) documents only, under /.well-known/csaf/${TLP_DIRECTORY}/.`)
  }
}

/** Registers the routes described above. */
export function registerCsafRoutes(app: TrustApp, deps: RouteDeps): void {
  const { db } = deps
  const provider = deps.provider ?? null
  const contact = deps.site?.securityContact ?? null
  const context = (request: FastifyRequest): CsafContext => ({
    db,
    origin: documentOrigin(request, deps.accounts.publicUrl),
    publicUrl: deps.accounts.publicUrl,
    provider,
    contact,
  })
  const send = (reply: FastifyReply, type: string, text: string) => reply.type(type).send(text)
  const responses = { 200: CsafFile, ...ERROR_RESPONSES }
  const options = { schema: { response: responses }, config: PUBLIC_SHORT_CACHE }

  app.get('/.well-known/security.txt', options, async (request, reply) => {
    const origin = documentOrigin(request, deps.accounts.publicUrl)
    return send(reply, TEXT_TYPE, securityTxt({ origin, contact, expires: deps.site?.securityTxtExpires ?? null, now: deps.now() }))
  })

  app.get('/.well-known/csaf/provider-metadata.json', options, async (request, reply) => {
    const ctx = context(request)
    const [entries, publisher] = await Promise.all([currentDocuments(ctx), readSiteName(db, deps.accounts.publicUrl)])
    return send(
      reply,
      JSON_TYPE,
      jsonText(providerMetadata({ origin: ctx.origin, publisher, contact, provider, entries, now: deps.now() })),
    )
  })

  app.get('/.well-known/csaf/service.json', options, async (request, reply) => {
    const publisher = await readSiteName(db, deps.accounts.publicUrl)
    return send(reply, JSON_TYPE, jsonText(rolieService({ origin: context(request).origin, publisher })))
  })

  app.get(
    '/.well-known/csaf/openpgp/:file',
    { ...options, schema: { ...options.schema, params: CsafKeyParams } },
    async (request, reply) => {
      if (!provider || request.params.file.toUpperCase() !== `${provider.fingerprint}.ASC`) {
        throw notFound(
          provider
            ? `The provider's public key is /.well-known/csaf/openpgp/${provider.fingerprint}.asc.`
            : 'This site signs nothing yet: it has no OpenPGP key.',
        )
      }
      return send(
        reply,
        'application/pgp-keys',
        provider.armoredPublicKey.endsWith('\n') ? provider.armoredPublicKey : `${provider.armoredPublicKey}\n`,
      )
    },
  )

  app.get(
    '/.well-known/csaf/:tlp/:file',
    { ...options, schema: { ...options.schema, params: CsafDirectoryParams } },
    async (request, reply) => {
      requireTlp(request.params.tlp)
      const ctx = context(request)
      const { file } = request.params
      if (file === 'index.txt') return send(reply, TEXT_TYPE, indexTxt(await currentDocuments(ctx)))
      if (file === 'changes.csv') return send(reply, 'text/csv; charset=utf-8', changesCsv(await currentDocuments(ctx)))
      if (file === ROLIE_FEED_FILE) {
        const [entries, publisher] = await Promise.all([currentDocuments(ctx), readSiteName(db, deps.accounts.publicUrl)])
        return send(reply, JSON_TYPE, jsonText(rolieFeed({ origin: ctx.origin, publisher, entries, now: deps.now() })))
      }
      throw notFound(
        `No ${JSON.stringify(file.slice(0, 100))} here: the directory has index.txt, changes.csv, ${ROLIE_FEED_FILE} and one folder per year.`,
      )
    },
  )

  app.get(
    '/.well-known/csaf/:tlp/:year/:file',
    { ...options, schema: { ...options.schema, params: CsafDocumentParams } },
    async (request, reply) => {
      const { tlp, year, file } = request.params
      requireTlp(tlp)
      const match = /^(.+\.json)(\.sha256|\.sha512|\.asc)?$/.exec(file)
      const missing = () => notFound(`No CSAF document ${tlp}/${year.slice(0, 10)}/${file.slice(0, 100)}: index.txt lists every document.`)
      if (!/^\d{4}$/.test(year) || !match) throw missing()
      const [entry] = await currentDocuments(context(request), `${TLP_DIRECTORY}/${year}/${match[1]}`)
      if (!entry) throw missing()
      switch (match[2]) {
        case undefined:
          return send(reply, JSON_TYPE, entry.json)
        case '.sha256':
          return send(reply, TEXT_TYPE, hashFile(entry.sha256, entry.path))
        case '.sha512':
          return send(reply, TEXT_TYPE, hashFile(entry.sha512, entry.path))
        default:
          if (!entry.asc) throw notFound('This site signs nothing yet: it has no OpenPGP key, so the document has no signature.')
          return send(reply, 'application/pgp-signature', entry.asc)
      }
    },
  )
}
