/**
 * A vendor console's signing key for the e2e tests (docs/operating/console-tokens.md): a key pair
 * made by the test (jose), the PEM public key the site's Settings hold, and tokens minted as a
 * console mints them. Also writes the console token settings and private data centers straight
 * into a development server's SQLite file (as `npm run catalog` would: another process).
 */
import SQLite from 'better-sqlite3'
import { join } from 'node:path'
import { exportSPKI, generateKeyPair, SignJWT } from 'jose'

/** The issuer the test consoles sign as. */
export const CONSOLE_ISSUER = 'https://console.vendor.example'

/** A console's key pair and its token minting. */
export interface ConsoleKey {
  /** The public key as Settings hold it (PEM, SPKI). */
  publicPem: string
  /**
   * A token for `groups`: `iat` = `now`, 5 minutes of life unless `times` says otherwise (seconds
   * relative to `now`), the given audience.
   */
  mint(groups: string[], audience: string, times?: { iat?: number; exp?: number }, now?: Date): Promise<string>
}

/** A new ES256 console key. */
export async function consoleKey(kid = 'console-1'): Promise<ConsoleKey> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true })
  return {
    publicPem: await exportSPKI(publicKey),
    mint: (groups, audience, times = {}, now = new Date()) => {
      const base = Math.floor(now.getTime() / 1000)
      return new SignJWT({ groups })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .setIssuer(CONSOLE_ISSUER)
        .setAudience(audience)
        .setIssuedAt(base + (times.iat ?? 0))
        .setExpirationTime(base + (times.exp ?? 300))
        .sign(privateKey)
    },
  }
}

/**
 * Writes the console token settings (issuer {@link CONSOLE_ISSUER}, `audience`, the PEM key) and
 * makes the named data centers of `cloud` private to `group`, in the SQLite database of a server's
 * data folder. The server notices the commit and empties its response cache.
 *
 * @returns the names of the data centers made private
 */
export function writeTenantSetup(
  dataDir: string,
  options: { audience: string; publicPem: string; cloud: string; dataCenters: number; group: string },
): string[] {
  const db = new SQLite(join(dataDir, 'trust.sqlite'))
  try {
    const setting = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
    setting.run('console_token_issuer', CONSOLE_ISSUER)
    setting.run('console_token_audience', options.audience)
    setting.run('console_token_public_key', options.publicPem)
    const rows = db
      .prepare(
        `SELECT c.id AS cloud_id, d.tid AS tid, d.name AS name FROM clouds c
         JOIN cloud_data_centers cd ON cd.cloud_id = c.id JOIN data_centers d ON d.tid = cd.data_center_tid
         WHERE c.machine_name = ? AND cd.active = 1 AND cd.premium_dc = 0 ORDER BY d.sort DESC, d.tid DESC LIMIT ?`,
      )
      .all(options.cloud, options.dataCenters) as Array<{ cloud_id: number; tid: number; name: string }>
    const mark = db.prepare('INSERT INTO component_groups (cloud_id, tid, customer_group) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
    for (const row of rows) mark.run(row.cloud_id, row.tid, options.group)
    return rows.map((r) => r.name)
  } finally {
    db.close()
  }
}
