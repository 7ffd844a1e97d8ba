/**
 * The CSAF 2.0 provider's files besides the documents (docs/operating/security-advisories.md#the-csaf-provider):
 * `provider-metadata.json`, the `index.txt` and `changes.csv` of the TLP:WHITE directory, its ROLIE
 * feed and the ROLIE service document, the hash files, and `/.well-known/security.txt`
 * (RFC 9116). Each is a function of the current documents and the site's settings; nothing here
 * reads the database.
 */
import { stringify } from 'csv-stringify/sync'
import type { ProviderKey } from '../advisories/signing.js'
import { CSAF_ROOT, csafUrl, TLP_DIRECTORY } from './document.js'
import type { CsafEntry } from './store.js'

/** The ROLIE feed of the TLP:WHITE documents, below `/.well-known/csaf/white/`. */
export const ROLIE_FEED_FILE = 'csaf-feed-tlp-white.json'
/** The ROLIE service document, below `/.well-known/csaf/`. */
export const ROLIE_SERVICE_FILE = 'service.json'
/** The JSON schema URL of CSAF 2.0 documents (the ROLIE entries' `format`). */
export const CSAF_SCHEMA_URL = 'https://docs.oasis-open.org/csaf/csaf/v2.0/csaf_json_schema.json'

/** The URL of the provider key's public half: `/.well-known/csaf/openpgp/{FINGERPRINT}.asc`. */
export function publicKeyUrl(origin: string, key: ProviderKey): string {
  return csafUrl(origin, `openpgp/${key.fingerprint}.asc`)
}

/** The newest `current` of `entries`, or `fallback` when there is none; ISO 8601 UTC. */
function lastUpdated(entries: readonly CsafEntry[], fallback: Date): string {
  return (
    entries
      .map((e) => e.current)
      .sort()
      .at(-1) ?? fallback.toISOString()
  )
}

/**
 * `provider-metadata.json` (CSAF 2.0 §7.2.1): role `csaf_trusted_provider` when documents are
 * signed (else `csaf_provider`), the directory and ROLIE distributions of TLP:WHITE, the public
 * key with its fingerprint, the publisher as the documents name it.
 *
 * @param now the fallback of `last_updated` while there is no document
 */
export function providerMetadata(options: {
  origin: string
  publisher: string
  contact: string | null
  provider: ProviderKey | null
  entries: readonly CsafEntry[]
  now: Date
}) {
  const { origin, provider } = options
  return {
    canonical_url: csafUrl(origin, 'provider-metadata.json'),
    distributions: [
      {
        directory_url: csafUrl(origin, `${TLP_DIRECTORY}/`),
        rolie: {
          feeds: [
            {
              summary: `All TLP:WHITE (TLP:CLEAR) security advisories of ${options.publisher}.`,
              tlp_label: 'WHITE',
              url: csafUrl(origin, `${TLP_DIRECTORY}/${ROLIE_FEED_FILE}`),
            },
          ],
          services: [csafUrl(origin, ROLIE_SERVICE_FILE)],
        },
      },
    ],
    last_updated: lastUpdated(options.entries, options.now),
    list_on_CSAF_aggregators: true,
    metadata_version: '2.0',
    mirror_on_CSAF_aggregators: true,
    public_openpgp_keys: provider ? [{ fingerprint: provider.fingerprint, url: publicKeyUrl(origin, provider) }] : [],
    publisher: {
      category: 'vendor',
      ...(options.contact ? { contact_details: options.contact } : {}),
      name: options.publisher,
      namespace: origin,
    },
    role: provider ? 'csaf_trusted_provider' : 'csaf_provider',
  }
}

/** `index.txt` (CSAF 2.0 §7.1.12): one document path a line, relative to the TLP directory. */
export function indexTxt(entries: readonly CsafEntry[]): string {
  return entries.map((e) => `${relative(e.path)}\n`).join('')
}

/** A document's path relative to its TLP directory (`2026/northwind-sa-2026-0001.json`). */
export function relative(path: string): string {
  return path.slice(path.indexOf('/') + 1)
}

/**
 * `changes.csv` (CSAF 2.0 §7.1.13): the path relative to the TLP directory and the
 * `current_release_date`, both quoted, newest first.
 */
export function changesCsv(entries: readonly CsafEntry[]): string {
  const rows = [...entries]
    .sort((a, b) => (a.current < b.current ? 1 : a.current > b.current ? -1 : 0))
    .map((e) => [relative(e.path), e.current])
  return stringify(rows, { quoted: true, record_delimiter: 'unix' })
}

/** The text of a `.sha256` / `.sha512` file: the digest, two spaces and the file name (as `sha256sum` writes it). */
export function hashFile(digest: string, path: string): string {
  return `${digest}  ${path.slice(path.lastIndexOf('/') + 1)}\n`
}

/**
 * The ROLIE feed of the TLP:WHITE documents (CSAF 2.0 §7.1.15, RFC 8322 in JSON): one entry per
 * document with its self, hash and signature links, newest first.
 */
export function rolieFeed(options: { origin: string; publisher: string; entries: readonly CsafEntry[]; now: Date }) {
  const { origin } = options
  const entries = [...options.entries].sort((a, b) => (a.current < b.current ? 1 : a.current > b.current ? -1 : 0))
  return {
    feed: {
      category: [{ scheme: 'urn:ietf:params:rolie:category:information-type', term: 'csaf' }],
      entry: entries.map((e) => {
        const url = csafUrl(origin, e.path)
        return {
          content: { src: url, type: 'application/json' },
          format: { schema: CSAF_SCHEMA_URL, version: '2.0' },
          id: e.trackingId,
          link: [
            { href: url, rel: 'self' },
            { href: `${url}.sha256`, rel: 'hash' },
            { href: `${url}.sha512`, rel: 'hash' },
            ...(e.asc ? [{ href: `${url}.asc`, rel: 'signature' }] : []),
          ],
          published: e.initial,
          summary: { content: e.summary },
          title: e.title,
          updated: e.current,
        }
      }),
      id: `${new URL(origin).host}-csaf-feed-tlp-white`,
      link: [{ href: csafUrl(origin, `${TLP_DIRECTORY}/${ROLIE_FEED_FILE}`), rel: 'self' }],
      title: `${options.publisher} CSAF feed (TLP:WHITE)`,
      updated: lastUpdated(entries, options.now),
    },
  }
}

/** The ROLIE service document (CSAF 2.0 §7.1.16): one workspace with the TLP:WHITE feed. */
export function rolieService(options: { origin: string; publisher: string }) {
  return {
    service: {
      workspace: [
        {
          collection: [
            {
              categories: { category: [{ scheme: 'urn:ietf:params:rolie:category:information-type', term: 'csaf' }] },
              href: csafUrl(options.origin, `${TLP_DIRECTORY}/${ROLIE_FEED_FILE}`),
              title: `${options.publisher} CSAF feed (TLP:WHITE)`,
            },
          ],
          title: `${options.publisher} public CSAF feed`,
        },
      ],
    },
  }
}

/** Days ahead of today (UTC midnight) that `security.txt` expires without `SECURITY_TXT_EXPIRES`. */
export const SECURITY_TXT_DEFAULT_DAYS = 180

/**
 * `/.well-known/security.txt` (RFC 9116): `Contact`, `Expires` (the operator's date, else
 * {@link SECURITY_TXT_DEFAULT_DAYS} days after today's UTC midnight), `Preferred-Languages`,
 * `Canonical`, and the `CSAF` field naming `provider-metadata.json` (CSAF 2.0 §7.1.8).
 *
 * @param contact a `mailto:`, `https:` or `tel:` URI; without one, `mailto:security@{host}` (the
 *   mailbox RFC 2142 names)
 * @param expires ISO 8601 date-time, or null for the default
 */
export function securityTxt(options: { origin: string; contact: string | null; expires: string | null; now: Date }): string {
  const { origin } = options
  const contact = options.contact ?? `mailto:security@${new URL(origin).hostname}`
  let expires = options.expires
  if (!expires) {
    const day = new Date(options.now)
    day.setUTCHours(0, 0, 0, 0)
    expires = new Date(day.getTime() + SECURITY_TXT_DEFAULT_DAYS * 86_400_000).toISOString()
  }
  return [
    `Contact: ${contact}`,
    `Expires: ${expires}`,
    'Preferred-Languages: en',
    `Canonical: ${origin}/.well-known/security.txt`,
    `CSAF: ${origin}${CSAF_ROOT}/provider-metadata.json`,
    '',
  ].join('\n')
}
