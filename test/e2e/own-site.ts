/**
 * A production server from an empty database with the operator's own catalogue
 * (test/fixtures/own-catalog.json, imported with `npm run catalog -- import` as an operator does)
 * and its owner, an administrator who signs in with a second factor (the harness sets it up).
 */
import * as assert from 'uvu/assert'
import { runCommand } from '../server/helpers'
import { browser, siteSuite } from './harness'

export const OWNER = { name: 'owner', mail: 'owner@nimbus.test', password: 'A long passphrase 2026' }
export const PUBLIC_URL = 'https://status.nimbus.test'
/** The cloud of the own catalogue: its machine name (the manage API's page id), domain and a service. */
export const OWN_SITE = { cloud: 'nimbusone', domain: 'nimbusone.net', service: 'Web Gateway' } as const

/** A {@link siteSuite} on such a server; the browser's cookies are cleared after it. */
export function ownSiteSuite(name: string) {
  const site = siteSuite(name, {
    mode: 'production',
    accounts: { publicUrl: PUBLIC_URL, admin: OWNER, seedViewer: false, employeeDomains: [], smtpUrl: null },
  })
  site.before((ctx) => {
    const run = runCommand({ dataDir: ctx.server.dataDir }, PUBLIC_URL, 'scripts/catalog.ts', ['import', 'test/fixtures/own-catalog.json'])
    assert.is(run.status, 0, `catalog import: ${run.stderr}${run.stdout}`)
  })
  // The browser context is shared by every suite: leave no session behind for the next one.
  site.after(async () => {
    await (await browser()).clearCookies()
  })
  return site
}
