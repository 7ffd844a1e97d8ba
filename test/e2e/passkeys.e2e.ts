/**
 * Passkeys in the browser (docs/operating/staff-sign-in.md "Passkeys") with Chromium's virtual
 * authenticator (DevTools protocol `WebAuthn.addVirtualAuthenticator`: a platform authenticator
 * holding resident keys, verifying its user) on a production server from an empty database. The
 * first administrator adds a passkey at the console gate, saves the recovery codes, and the
 * console opens; signed out and in again, "Use a passkey" on the sign-in page proves the session
 * and the console opens; in Arabic at 375 px the same; the settings page lists the passkey and
 * removes a second one. A ceremony the authenticator cannot answer shows the error in words. Axe
 * and screenshots at every step.
 *
 * WebAuthn needs a secure context and a relying party that is a domain: the server's public
 * address is `http://localhost:{port}` (Chromium counts localhost as secure), so `PUBLIC_URL`, the
 * page's origin and the relying party agree.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CDPSession, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { buildApp } from '../../server/app'
import { axeViolations, browser, open, queryDb, root, type SiteContext, screenshot } from './harness'

const OWNER = { name: 'owner', mail: 'owner@vendor.example', password: 'Owner12345' }

/** A free loopback port (the server's public address must be known before it starts). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

const site = suite<SiteContext & { tab?: Page; cdp?: CDPSession; authenticator?: string }>('passkeys: Chromium virtual authenticator', {
  server: undefined as never,
  pages: [],
})

site.before(async (ctx) => {
  const port = await freePort()
  const url = `http://localhost:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'trust-e2e-data-'))
  const app = await buildApp({
    dataDir,
    staticDir: join(root, 'dist/site'),
    ssrDir: join(root, 'dist/ssr'),
    logger: false,
    mode: 'production',
    accounts: { publicUrl: url, admin: OWNER, seedViewer: false },
  })
  app.addHook('preClose', (done) => {
    app.server.closeAllConnections()
    done()
  })
  await app.listen({ port, host: '127.0.0.1' })
  ctx.server = {
    url,
    app,
    dataDir,
    now: () => new Date(),
    factors: new Map(),
    async close() {
      await app.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
})

site.after(async (ctx) => {
  for (const p of ctx.pages) await p.page.close()
  await ctx.server?.close()
  await (await browser()).clearCookies()
})

/** Gives `page` a virtual platform authenticator (resident keys, user verified); returns its id. */
async function addAuthenticator(cdp: CDPSession): Promise<string> {
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return authenticatorId
}

/** The credentials the virtual authenticator holds, as base64url ids and sign counts. */
async function heldCredentials(cdp: CDPSession, authenticatorId: string) {
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  return credentials.map((c) => ({ id: Buffer.from(c.credentialId, 'base64').toString('base64url'), signCount: c.signCount, rpId: c.rpId }))
}

/** Signs in with the password on /sign-in (in `locale`) for `destination`, in the suite's one tab. */
async function signIn(ctx: SiteContext, page: Page, destination: string, locale = 'en') {
  await (await browser()).clearCookies()
  await page.goto(`${ctx.server.url}/sign-in?destination=${encodeURIComponent(destination)}&lang=${locale}`)
  await page.locator('#sign-in-name').fill(OWNER.mail)
  await page.locator('#sign-in-pass').fill(OWNER.password)
  await page.locator('form button[type="submit"]').click()
}

const arrivedAt = (path: string) => (u: URL) => u.pathname === path

/** The audit rows of `action` written so far. */
const audit = (ctx: SiteContext, action: string) =>
  queryDb<{ after: string | null; before: string | null }>(ctx, 'select after, before from audit_log where action = ? order by id', action)

site('the first administrator adds a passkey at the console gate, saves the recovery codes, and the console opens', async (ctx) => {
  const tp = await open(ctx, '/', 1280)
  ctx.tab = tp.page
  ctx.cdp = await tp.page.context().newCDPSession(tp.page)
  ctx.authenticator = await addAuthenticator(ctx.cdp)
  const page = tp.page

  await signIn(ctx, page, '/admin/dashboard')
  await page.waitForURL(arrivedAt('/admin/dashboard'))
  const gate = page.getByTestId('second-factor-enrol')
  await gate.getByRole('heading', { level: 1, name: 'Set up a second factor' }).waitFor()
  const enrol = gate.locator('[data-passkey="enrol"]')
  // The name is asked for first, in words.
  await enrol.getByRole('button', { name: 'Add a passkey' }).click()
  await enrol.getByText('Please enter a name for the passkey.').waitFor()
  assert.is(await enrol.getByLabel('Passkey name').evaluate((el) => el === document.activeElement), true, 'focus on the name')
  assert.equal(await axeViolations(page), [], 'the gate with the passkey form')
  await screenshot(page, 'passkeys-enrol-en-1280')

  await enrol.getByLabel('Passkey name').fill('Work laptop')
  await enrol.getByRole('button', { name: 'Add a passkey' }).click()
  const codes = page.getByTestId('recovery-code-list').locator('li')
  await codes.nth(9).waitFor()
  assert.is((await codes.allTextContents()).length, 10)
  await page.getByLabel('I have saved my recovery codes').check()
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByTestId('admin-console').getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()

  // The browser's authenticator holds the passkey the server stored, for this site.
  const held = await heldCredentials(ctx.cdp, ctx.authenticator)
  const stored = queryDb<{ credential_id: string; name: string }>(ctx, 'select credential_id, name from passkeys')
  assert.equal(
    stored.map((p) => p.name),
    ['Work laptop'],
  )
  assert.equal(
    held.map((c) => [c.id, c.rpId]),
    [[stored[0].credential_id, 'localhost']],
  )
  assert.equal(
    audit(ctx, 'account.second_factor.enrol').map((r) => JSON.parse(r.after ?? '{}').method),
    ['passkey'],
  )
  assert.equal(tp.errors, [])
})

site('signed in again, "Use a passkey" on the sign-in page proves the session and the console opens', async (ctx) => {
  const page = ctx.tab!
  const errors: string[] = []
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()))
  await signIn(ctx, page, '/admin/dashboard')
  const use = page.getByRole('button', { name: 'Use a passkey' })
  await use.waitFor()
  assert.is(new URL(page.url()).pathname, '/sign-in', 'the destination waits for the second factor')
  assert.equal(await axeViolations(page), [], 'the second step with the passkey button')
  await screenshot(page, 'passkeys-sign-in-en-1280')
  await use.click()
  await page.waitForURL(arrivedAt('/admin/dashboard'))
  await page.getByTestId('admin-console').getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  // The server keeps the signature counter the authenticator sent (it counts every signature).
  const [row] = queryDb<{ counter: number; last_used: number | null }>(ctx, 'select counter, last_used from passkeys')
  assert.ok(row.counter > 0)
  assert.is(row.counter, (await heldCredentials(ctx.cdp!, ctx.authenticator!))[0].signCount)
  assert.ok(row.last_used, 'the last use is kept')
  const proved = audit(ctx, 'account.second_factor.proved').map((r) => JSON.parse(r.after ?? '{}').method)
  assert.equal(proved, ['passkey'])
  assert.equal(errors, [])
})

site('in Arabic at 375 px: the second step with the passkey button is axe-clean and the passkey proves the session', async (ctx) => {
  const page = ctx.tab!
  await page.setViewportSize({ width: 375, height: 900 })
  await signIn(ctx, page, '/admin/dashboard', 'ar')
  const use = page.getByRole('button', { name: 'استخدام مفتاح مرور' })
  await use.waitFor()
  assert.equal(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['ar', 'rtl'])
  assert.equal(await axeViolations(page), [], 'the second step, ar @375')
  await screenshot(page, 'passkeys-sign-in-ar-375')
  await use.click()
  await page.getByTestId('admin-console').waitFor()
  await screenshot(page, 'passkeys-console-ar-375')
  await page.setViewportSize({ width: 1280, height: 900 })
})

site('the settings page lists the passkeys, adds a second one, removes it after asking', async (ctx) => {
  const page = ctx.tab!
  // The site's pages open once the operator has a catalogue (docs/operating/catalogue.md).
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/catalog.ts', 'import', 'server/seed/demo-catalog.json'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: ctx.server.dataDir },
    encoding: 'utf8',
  })
  assert.is(run.status, 0, run.stderr)
  await signIn(ctx, page, '/account-settings')
  await page.getByRole('button', { name: 'Use a passkey' }).click()
  await page.waitForURL(arrivedAt('/account-settings'))
  const list = page.locator('[data-passkey="list"]')
  await list.getByText('Work laptop').waitFor()
  // A second authenticator (a security key) adds a second passkey.
  const key = await ctx.cdp!.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'usb', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  })
  await ctx.cdp!.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId: ctx.authenticator!, enabled: false })
  const enrol = page.locator('[data-passkey="enrol"]')
  await enrol.getByLabel('Passkey name').fill('Security key')
  await enrol.getByRole('button', { name: 'Add a passkey' }).click()
  await list.getByText('Security key').waitFor()
  await ctx.cdp!.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId: ctx.authenticator!, enabled: true })
  assert.is((await heldCredentials(ctx.cdp!, key.authenticatorId)).length, 1, 'the key holds the new passkey')
  assert.equal(await axeViolations(page), [], 'the settings section with two passkeys')
  await screenshot(page, 'passkeys-settings-en-1280')

  await list.getByRole('button', { name: 'Remove passkey Security key' }).click()
  await list.getByText('Remove the passkey "Security key"? It will no longer work for this account.').waitFor()
  await list.getByRole('button', { name: 'Yes, remove it' }).click()
  await list.getByText('The passkey "Security key" was removed.').waitFor()
  await eventuallyGone(list, 'Security key')
  assert.equal(
    queryDb<{ name: string }>(ctx, 'select name from passkeys').map((p) => p.name),
    ['Work laptop'],
  )
  await ctx.cdp!.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: key.authenticatorId })
  await page.setViewportSize({ width: 375, height: 900 })
  await page.goto(`${ctx.server.url}/account-settings?lang=ar`)
  await page.locator('[data-passkey="list"]').getByText('Work laptop').waitFor()
  assert.equal(await axeViolations(page), [], 'the settings section, ar @375')
  await screenshot(page, 'passkeys-settings-ar-375')
  await page.setViewportSize({ width: 1280, height: 900 })
})

/** Waits until the list no longer names `name` as a passkey (its item is gone). */
async function eventuallyGone(list: ReturnType<Page['locator']>, name: string) {
  await list.locator('li', { hasText: name }).waitFor({ state: 'detached' })
}

site('a passkey the authenticator does not hold is refused in words, and the other ways stay', async (ctx) => {
  const page = ctx.tab!
  // The authenticator loses its passkey (a new device): the ceremony cannot be answered.
  await ctx.cdp!.send('WebAuthn.clearCredentials', { authenticatorId: ctx.authenticator! })
  await signIn(ctx, page, '/admin/dashboard')
  await page.getByRole('button', { name: 'Use a passkey' }).click()
  const alert = page.locator('[data-passkey="prove"] [role="alert"]')
  await alert.waitFor({ timeout: 20_000 })
  assert.is(await alert.innerText(), 'The passkey request was cancelled or timed out. Try again, or use another way to confirm it is you.')
  assert.is(new URL(page.url()).pathname, '/sign-in')
  assert.equal(await axeViolations(page), [], 'the refused passkey')
  await screenshot(page, 'passkeys-refused-en-1280')
  await page.getByLabel('Authenticator code', { exact: true }).waitFor()
})

site.run()
