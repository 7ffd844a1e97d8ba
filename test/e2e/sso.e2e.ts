/**
 * Employee single sign-on in Chromium (docs/operating/staff-sign-in.md#single-sign-on): a production server from an
 * empty database with the demo catalogue imported, and a real OpenID Connect provider on loopback
 * (test/fixtures/oidc-provider.ts) with its own login page. An employee follows Employee login on the sign-in page,
 * signs in at the provider and lands back on the site with the roles of their groups; the console opens without a
 * second factor (the provider holds it). A changed group changes the roles at the next sign-in. A tampered state, a
 * replayed answer and an ID token for another application end on a clear page of the site's, in English and Arabic,
 * axe-clean, at 375 and 1280 px.
 *
 * The server listens on a port chosen before it starts, so that `PUBLIC_URL` (and the callback registered at the
 * provider) is the address the browser uses.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { StaffData } from '../../contract/admin'
import { buildApp } from '../../server/app'
import { DEMO_ROLE_MAP, type OidcProviderFixture, startOidcProvider } from '../fixtures/oidc-provider'
import { freePort } from '../setup/ports'
import { axeViolations, browser, newPage, root, screenshot, type TestPage } from './harness'

interface SsoContext {
  url: string
  app: FastifyInstance
  dataDir: string
  provider: OidcProviderFixture
  pages: TestPage[]
}

const test = suite<SsoContext>('employee single sign-on with a real OpenID Connect provider', {} as SsoContext)

test.before(async (ctx) => {
  const port = await freePort()
  ctx.url = `http://127.0.0.1:${port}`
  ctx.pages = []
  ctx.provider = await startOidcProvider({ redirectUris: [`${ctx.url}/sso/callback`] })
  ctx.dataDir = mkdtempSync(join(tmpdir(), 'trust-e2e-data-'))
  const imported = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/catalog.ts', 'import', 'server/seed/demo-catalog.json'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: ctx.dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  })
  assert.is(imported.status, 0, imported.stderr)
  ctx.app = await buildApp({
    dataDir: ctx.dataDir,
    staticDir: join(root, 'dist/site'),
    ssrDir: join(root, 'dist/ssr'),
    logger: false,
    mode: 'production',
    accounts: {
      publicUrl: ctx.url,
      admin: null,
      seedViewer: false,
      employeeDomains: ['nimbus.example'],
      sso: {
        issuer: ctx.provider.issuer,
        clientId: ctx.provider.clientId,
        clientSecret: ctx.provider.clientSecret,
        groupsClaim: 'groups',
        roleMap: DEMO_ROLE_MAP,
      },
    },
  })
  ctx.app.addHook('preClose', (done) => {
    ctx.app.server.closeAllConnections()
    done()
  })
  await ctx.app.listen({ port, host: '127.0.0.1' })
  // Cookies are kept per host, not per port: nothing of another suite's server (or of the provider) comes along.
  await (await browser()).clearCookies()
})

test.after(async (ctx) => {
  for (const p of ctx.pages) await p.page.close()
  await (await browser()).clearCookies()
  await ctx.app?.close()
  await ctx.provider?.stop()
  if (ctx.dataDir) rmSync(ctx.dataDir, { recursive: true, force: true })
})

/** A new tab on the site that may also visit the provider. Browser cookies are cleared first: a new visitor. */
async function visitor(ctx: SsoContext, width = 1280): Promise<TestPage> {
  await (await browser()).clearCookies()
  const tp = await newPage({ url: ctx.url }, width, [ctx.provider.issuer])
  ctx.pages.push(tp)
  return tp
}

/** Signs in at the provider's own login page, on which `page` is. */
async function atProvider(page: Page, login: string, password: string): Promise<void> {
  await page.getByRole('heading', { name: 'Test identity provider' }).waitFor()
  await page.getByLabel('User name').fill(login)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** From the sign-in page: Employee login, the provider's login page, back on the site (`/`, the home page). */
async function employeeLogin(ctx: SsoContext, tp: TestPage, login: string, password: string): Promise<void> {
  const { page } = tp
  await page.goto(`${ctx.url}/sign-in`)
  const link = page.getByTestId('employee-login')
  await link.waitFor()
  assert.is(await link.getAttribute('href'), '/sso/login?destination=sign-in')
  await link.click()
  await page.waitForURL((u) => u.origin === ctx.provider.issuer)
  await atProvider(page, login, password)
  await page.waitForURL((u) => u.origin === ctx.url && !u.pathname.startsWith('/sso/'))
}

/**
 * The roles of `mail` as the console's staff list shows them to the page's session (any privileged
 * role may read it); null when the session may not (signed out, or no privileged role).
 */
async function staffRoles(ctx: SsoContext, page: Page, mail: string): Promise<string[] | null> {
  const res = await page.request.get(`${ctx.url}/api/admin/staff`)
  if (res.status() !== 200) return null
  const { data } = (await res.json()) as { data: StaffData }
  return data.staff.find((m) => m.mail === mail)?.roles ?? []
}

/** The errors of a page that ended on a refusal page (its document answered 4xx by design). */
const withoutRefusal = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of 40[03]/.test(e))

test('an administrator: Employee login, the provider’s login page, back on the site with the mapped roles; the console opens', async (ctx) => {
  const tp = await visitor(ctx)
  await employeeLogin(ctx, tp, 'alice', 'Alice-Secret-1')
  const { page } = tp
  await page.getByRole('button', { name: /alice@nimbus\.example/ }).click()
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('menuitem', { name: 'Admin' }).click()])
  await tab.waitForURL((u) => new URL(u).pathname === '/admin/dashboard')
  await tab.getByRole('heading', { level: 1 }).filter({ hasText: 'Dashboard' }).waitFor()
  assert.is(await tab.getByText(/Set up a second factor|Confirm it.s you/).count(), 0, 'no second factor is asked of single sign-on')
  assert.equal(await staffRoles(ctx, tab, 'alice@nimbus.example'), ['administrator', 'trust_admin'])
  await screenshot(tab, 'sso-console-1280')
  await tab.close()
  assert.equal(tp.errors, [])
})

test('a changed group changes the roles at the next sign-in', async (ctx) => {
  const first = await visitor(ctx)
  await employeeLogin(ctx, first, 'bob', 'Bob-Secret-2')
  await first.page.getByRole('button', { name: /bob@nimbus\.example/ }).click()
  await first.page.getByRole('menuitem', { name: 'Admin' }).waitFor()
  assert.equal(await staffRoles(ctx, first.page, 'bob@nimbus.example'), ['blog_editor'])

  ctx.provider.update('emp-0002', { groups: ['trust-admins'] })
  const second = await visitor(ctx)
  await employeeLogin(ctx, second, 'bob', 'Bob-Secret-2')
  assert.equal(await staffRoles(ctx, second.page, 'bob@nimbus.example'), ['administrator', 'trust_admin'])
  await second.page.goto(`${ctx.url}/admin/dashboard`)
  await second.page.getByRole('heading', { level: 1 }).filter({ hasText: 'Dashboard' }).waitFor()

  ctx.provider.update('emp-0002', { groups: ['everyone'] })
  const third = await visitor(ctx)
  await third.page.goto(`${ctx.url}/sso/login?destination=sign-in`)
  await atProvider(third.page, 'bob', 'Bob-Secret-2')
  const refusal = third.page.getByTestId('sso-problem')
  await refusal.waitFor()
  assert.is(await refusal.getAttribute('data-problem'), 'noRole')
  await third.page.getByRole('heading', { level: 1, name: 'You have no role on this site' }).waitFor()
  assert.equal(withoutRefusal([...first.errors, ...second.errors, ...third.errors]), [])
})

/**
 * A sign-in of `alice` started by the browser of `page` (its `/sso/login` sets the state cookie there),
 * carried out at the provider by the fixture's own client, and not yet finished: returns the callback
 * URL the provider sends the browser back to. The browser has not requested it.
 */
async function heldCallback(ctx: SsoContext, page: Page): Promise<string> {
  const start = await page.request.get(`${ctx.url}/sso/login?destination=sign-in`, { maxRedirects: 0 })
  assert.is(start.status(), 302)
  const back = await ctx.provider.signIn(start.headers().location, 'alice', 'Alice-Secret-1')
  return back.href
}

/** Checks the refusal page `page` shows: its problem, heading, language and direction, axe; screenshots. */
async function refusalPage(page: Page, problem: string, heading: string, lang: 'en' | 'ar', name: string): Promise<void> {
  const section = page.getByTestId('sso-problem')
  await section.waitFor()
  assert.is(await section.getAttribute('data-problem'), problem)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  assert.equal(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), [
    lang,
    lang === 'ar' ? 'rtl' : 'ltr',
  ])
  assert.ok(await page.getByTestId('sso-retry').isVisible(), 'a way to start again')
  assert.equal(await axeViolations(page), [], name)
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await screenshot(page, `${name}-${width}`)
  }
}

test('a tampered state is refused with a clear page, in English and in Arabic; nothing is signed in', async (ctx) => {
  const tp = await visitor(ctx)
  const callback = new URL(await heldCallback(ctx, tp.page))
  callback.searchParams.set('state', `${callback.searchParams.get('state')}tampered`)
  await tp.page.goto(callback.href)
  await refusalPage(tp.page, 'badState', 'This sign-in cannot be completed', 'en', 'sso-tampered-state-en')
  assert.is(await staffRoles(ctx, tp.page, 'alice@nimbus.example'), null, 'not signed in')

  const ar = await visitor(ctx)
  const arabic = new URL(await heldCallback(ctx, ar.page))
  arabic.searchParams.set('state', 'tampered')
  arabic.searchParams.set('lang', 'ar')
  await ar.page.goto(arabic.href)
  await refusalPage(ar.page, 'badState', 'تعذّر إكمال تسجيل الدخول هذا', 'ar', 'sso-tampered-state-ar')
  assert.equal(withoutRefusal([...tp.errors, ...ar.errors]), [])
})

test('a replayed answer is refused: the sign-in it carried was already used', async (ctx) => {
  const tp = await visitor(ctx)
  const callback = await heldCallback(ctx, tp.page)
  await tp.page.goto(callback)
  await tp.page.waitForURL((u) => u.origin === ctx.url && !u.pathname.startsWith('/sso/'))
  assert.ok(await staffRoles(ctx, tp.page, 'alice@nimbus.example'), 'the first answer signed in')
  await tp.page.goto(callback)
  await refusalPage(tp.page, 'badState', 'This sign-in cannot be completed', 'en', 'sso-replayed-en')
  assert.equal(withoutRefusal(tp.errors), [])
})

test('an ID token issued to another application is refused with a clear page', async (ctx) => {
  const tp = await visitor(ctx)
  ctx.provider.nextIdTokenFor('another-app')
  await tp.page.goto(`${ctx.url}/sso/login?destination=subscribe`)
  await atProvider(tp.page, 'alice', 'Alice-Secret-1')
  await refusalPage(tp.page, 'rejected', "The identity provider's answer was refused", 'en', 'sso-other-audience-en')
  assert.is(await staffRoles(ctx, tp.page, 'alice@nimbus.example'), null, 'not signed in')
  assert.equal(withoutRefusal(tp.errors), [])
})

test.run()
