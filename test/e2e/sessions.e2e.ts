/**
 * Sessions a person can see and end (docs/operating/staff-sign-in.md "Sessions"), on a production
 * server (`NODE_ENV=production`, an empty database, the operator's own catalogue imported by the
 * command line): two browsers — two contexts of a Chromium of this file's own, one with a Windows
 * user agent — signed in to one account. The settings page lists both; "Sign out this session" on
 * the other one signs that browser out (its next API call answers 403 `not_signed_in`, its next
 * page load lands on sign-in); a password change ends the other session and keeps this one;
 * "Sign out everywhere" ends all. Axe in English and Arabic, screenshots at 375 and 1280 px.
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { CHROMIUM_ARGS, chromiumPath } from './chromium'
import { runCommand } from '../server/helpers'
import { addAccount, axeViolations, browser, queryDb, screenshot, type SiteContext, settled, startServer } from './harness'

const PUBLIC_URL = 'https://status.nimbus.test'
const READER = { mail: 'reader@nimbus.test', password: 'Reader2026', next: 'Changed2026' }
/** The second browser says it is Chrome on Windows, so the list tells the two apart. */
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

interface SessionsContext extends SiteContext {
  chromium: Browser
  /** The first browser (Chromium's own user agent: Chrome on Linux) and the second (Chrome on Windows). */
  first: BrowserContext
  second: BrowserContext
  /** Console errors and page errors of each browser's pages. */
  errors: Map<Page, string[]>
}

const test = suite<SessionsContext>('sessions: see and end them from the settings page', {} as SessionsContext)

test.before(async (ctx) => {
  ctx.pages = []
  ctx.errors = new Map()
  ctx.server = await startServer({
    mode: 'production',
    accounts: { publicUrl: PUBLIC_URL, admin: null, seedViewer: false, employeeDomains: [], smtpUrl: null },
  })
  const run = runCommand({ dataDir: ctx.server.dataDir }, PUBLIC_URL, 'scripts/catalog.ts', ['import', 'test/fixtures/own-catalog.json'])
  assert.is(run.status, 0, `${run.stderr}${run.stdout}`)
  ctx.server.app.responseCache.clear()
  await addAccount(ctx, READER.mail, READER.password, [])
  ctx.chromium = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: [...CHROMIUM_ARGS] })
  ctx.first = await ctx.chromium.newContext({ viewport: { width: 1280, height: 900 } })
  ctx.second = await ctx.chromium.newContext({ viewport: { width: 1280, height: 900 }, userAgent: WINDOWS_CHROME })
  // The shared browser of the other files holds no session of this server.
  await (await browser()).clearCookies()
})
test.after(async (ctx) => {
  await ctx.chromium?.close()
  await ctx.server?.close()
})

/** A new tab of `context`, its console and page errors collected in `ctx.errors`. */
async function tab(ctx: SessionsContext, context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  page.setDefaultTimeout(8000)
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`)
  })
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
  ctx.errors.set(page, errors)
  return page
}

/** Signs in on /sign-in and lands on the settings page with its session list loaded. */
async function signInToSettings(ctx: SessionsContext, page: Page, password: string): Promise<void> {
  await page.goto(`${ctx.server.url}/sign-in?destination=${encodeURIComponent('/account-settings')}`)
  await page.getByLabel('Email or Username').fill(READER.mail)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await page.waitForURL((u) => new URL(u).pathname === '/account-settings')
  await rows(page).first().waitFor()
}

const rows = (page: Page) => page.getByTestId('session-row')
const row = (page: Page, device: string) => rows(page).filter({ hasText: device })
const current = (page: Page) => page.locator('[data-testid="session-row"][data-current]')

/** What `fetch(path)` answers in the page (the browser's own cookies): the status and the error code. */
function apiCall(page: Page, path: string): Promise<[number, string | undefined]> {
  return page.evaluate(
    `fetch(${JSON.stringify(path)}, { headers: { accept: 'application/json' } }).then(async (r) => [r.status, (await r.json()).error?.code])`,
  ) as Promise<[number, string | undefined]>
}

let firstPage: Page
let secondPage: Page

test('two browsers of one account: each lists both, itself marked "This session"', async (ctx) => {
  firstPage = await tab(ctx, ctx.first)
  await signInToSettings(ctx, firstPage, READER.password)
  secondPage = await tab(ctx, ctx.second)
  await signInToSettings(ctx, secondPage, READER.password)

  await rows(secondPage).nth(1).waitFor()
  assert.is(await rows(secondPage).count(), 2)
  assert.match((await current(secondPage).textContent()) ?? '', /Chrome on Windows.*This session/)

  await firstPage.reload()
  await rows(firstPage).nth(1).waitFor()
  assert.match((await current(firstPage).textContent()) ?? '', /Chrome on Linux.*This session/)
  const other = row(firstPage, 'Chrome on Windows')
  assert.is(await other.getByText('This session', { exact: true }).count(), 0)
  assert.is(await other.getByTestId('session-ip').textContent(), '127.0.0.1')
  // First and last seen in the account's time zone (UTC here), as the site writes timestamps.
  assert.match((await other.textContent()) ?? '', /Signed in\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d UTC/)
  assert.match((await other.textContent()) ?? '', /Last active\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d UTC/)

  await settled(firstPage)
  assert.equal(await axeViolations(firstPage), [])
  await screenshot(firstPage, 'sessions-settings-1280')
})

test('"Sign out this session" on the other browser: its next API call and its next page are signed out', async (ctx) => {
  assert.equal(await apiCall(secondPage, '/api/user/sessions').then(([status]) => status), 200)
  await row(firstPage, 'Chrome on Windows').getByRole('button', { name: 'Sign out this session' }).click()
  await firstPage.getByTestId('toasts').getByText('Chrome on Windows is signed out.').waitFor()
  await firstPage.waitForFunction(() => document.querySelectorAll('[data-testid="session-row"]').length === 1)
  assert.match((await current(firstPage).textContent()) ?? '', /Chrome on Linux/)

  assert.equal(await apiCall(secondPage, '/api/user/sessions'), [403, 'not_signed_in'])
  await secondPage.reload()
  await secondPage.waitForURL((u) => new URL(u).pathname === '/sign-in')
  assert.is(new URL(secondPage.url()).searchParams.get('destination'), '/account-settings')

  const [audit] = queryDb<{ actor_name: string; before: string }>(ctx, "select * from audit_log where action = 'account.session.end'")
  assert.is(audit.actor_name, READER.mail)
  assert.is(JSON.parse(audit.before).device, 'Chrome on Windows')
})

test('a password change ends the other session and keeps this one; a wrong current password changes nothing', async (ctx) => {
  await signInToSettings(ctx, secondPage, READER.password)
  await firstPage.reload()
  await rows(firstPage).nth(1).waitFor()

  const form = firstPage.getByTestId('settings-password')
  await form.getByLabel('Current password').fill('Not it 2026')
  await form.getByLabel('New password', { exact: true }).fill(READER.next)
  await form.getByLabel('Confirm new password').fill(READER.next)
  await form.getByRole('button', { name: 'Change password' }).click()
  await form.getByRole('alert').getByText('The current password is not right. Type the password you signed in with.').waitFor()
  assert.equal((await apiCall(secondPage, '/api/user/sessions'))[0], 200, 'nothing ended')

  await form.getByLabel('Current password').fill(READER.password)
  await form.getByRole('button', { name: 'Change password' }).click()
  await form.getByText('Your password is changed. 1 other session was signed out.').waitFor()
  await firstPage.waitForFunction(() => document.querySelectorAll('[data-testid="session-row"]').length === 1)
  assert.equal(await apiCall(secondPage, '/api/user/sessions'), [403, 'not_signed_in'])
  assert.equal((await apiCall(firstPage, '/api/user/sessions'))[0], 200, 'this browser stays signed in')
  assert.is(await form.getByLabel('Current password').inputValue(), '', 'the form is emptied')

  // The old password no longer signs in; the new one does.
  await secondPage.goto(`${ctx.server.url}/sign-in?destination=${encodeURIComponent('/account-settings')}`)
  await secondPage.getByLabel('Email or Username').fill(READER.mail)
  await secondPage.getByLabel('Password', { exact: true }).fill(READER.password)
  await secondPage.getByRole('button', { name: 'Sign In', exact: true }).click()
  await secondPage.getByText('Unrecognized username or password.').waitFor()
  await signInToSettings(ctx, secondPage, READER.next)

  assert.is(queryDb(ctx, "select * from audit_log where action = 'account.password.change'").length, 1)
})

test('the settings page in English at 375 px and in Arabic at 375 and 1280 px: axe-clean', async () => {
  await firstPage.setViewportSize({ width: 375, height: 900 })
  await firstPage.reload()
  await rows(firstPage).nth(1).waitFor()
  await settled(firstPage)
  assert.equal(await axeViolations(firstPage), [], 'en 375')
  assert.ok(await firstPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll at 375 px')
  await screenshot(firstPage, 'sessions-settings-375')

  const url = new URL(firstPage.url())
  url.searchParams.set('lang', 'ar')
  for (const width of [1280, 375]) {
    await firstPage.setViewportSize({ width, height: 900 })
    await firstPage.goto(url.href)
    await firstPage.getByRole('heading', { name: 'الجلسات' }).waitFor()
    await rows(firstPage).nth(1).waitFor()
    assert.is(await firstPage.getAttribute('html', 'dir'), 'rtl')
    await current(firstPage).getByText('هذه الجلسة', { exact: true }).waitFor()
    await firstPage.getByRole('button', { name: 'تسجيل الخروج من كل مكان' }).waitFor()
    await firstPage.getByRole('heading', { name: 'تغيير كلمة المرور' }).waitFor()
    await settled(firstPage)
    assert.equal(await axeViolations(firstPage), [], `ar ${width}`)
    assert.ok(
      await firstPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `no sideways scroll at ${width} px`,
    )
    await screenshot(firstPage, `sessions-settings-ar-${width}`)
  }
  url.searchParams.set('lang', 'en')
  await firstPage.setViewportSize({ width: 1280, height: 900 })
  await firstPage.goto(url.href)
  await rows(firstPage).nth(1).waitFor()
})

test('"Sign out everywhere" asks first, then ends every session of the account, this one too', async (ctx) => {
  await firstPage.getByRole('button', { name: 'Sign out everywhere' }).click()
  const confirm = firstPage.getByTestId('sessions-confirm-everywhere')
  await confirm.waitFor()
  assert.ok(await confirm.evaluate((el) => el === document.activeElement), 'the confirmation has the focus')
  await firstPage.getByRole('button', { name: 'Cancel' }).click()
  assert.is(await confirm.count(), 0)
  assert.equal((await apiCall(secondPage, '/api/user/sessions'))[0], 200, 'cancelled: nothing ended')

  await firstPage.getByRole('button', { name: 'Sign out everywhere' }).click()
  await settled(firstPage)
  assert.equal(await axeViolations(firstPage), [], 'with the confirmation open')
  await screenshot(firstPage, 'sessions-sign-out-everywhere-1280')
  await confirm.click()
  await firstPage.waitForURL((u) => new URL(u).pathname === '/sign-in')
  await firstPage.getByTestId('toasts').getByText('You are signed out of all 2 sessions.').waitFor()
  assert.equal(await apiCall(firstPage, '/api/user/sessions'), [403, 'not_signed_in'])
  assert.equal(await apiCall(secondPage, '/api/user/sessions'), [403, 'not_signed_in'])
  assert.equal(queryDb(ctx, 'select count(*) as n from sessions'), [{ n: 0 }])
  const [audit] = queryDb<{ after: string }>(ctx, "select * from audit_log where action = 'account.session.end_all'")
  assert.is(JSON.parse(audit.after).ended, 2)

  // Only the answers of the calls made after a session had ended were refused.
  for (const [page, errors] of ctx.errors) {
    const unexpected = errors.filter((e) => !/status of (403|400)/.test(e))
    assert.equal(unexpected, [], page.url())
  }
})

test.run()
