import type { APIRequestContext, Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import { axeViolations, browser, open, screenshot, settled, siteSuite, type SiteContext } from './harness'

const accounts = siteSuite('accounts and sessions')

/** The demo accounts of a development server (README, Accounts). */
const ADMIN = { name: 'admin', pass: 'Admin12345' }
const VIEWER = { name: 'viewer@example.com', pass: 'Viewer12345' }
const PASSWORD = 'Newcomer2026'

// Cookies are per host, not per port: every e2e server runs on 127.0.0.1, so the accounts
// suite starts and ends without cookies to keep other suites signed out.
accounts.before.each(async () => {
  await (await browser()).clearCookies()
})
accounts.after(async () => {
  await (await browser()).clearCookies()
})

const toast = (page: Page) => page.getByRole('status').filter({ hasText: /successfully/ })

async function signIn(page: Page, name: string, pass: string): Promise<void> {
  await page.getByLabel('Email or Username').fill(name)
  await page.getByLabel('Password', { exact: true }).fill(pass)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

/** The user menu's button (it shows the signed-in user's mail). */
const userMenu = (page: Page, mail: string) => page.getByRole('button', { name: new RegExp(mail.replace(/[.@]/g, (m) => `\\${m}`)) })

async function signOut(page: Page, mail: string): Promise<void> {
  await userMenu(page, mail).click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await toast(page).filter({ hasText: 'You have successfully logged out!' }).waitFor()
}

/** The newest development mail to `to`, read on the /dev/mail page, and the first link in it. */
async function mailLink(page: Page, ctx: SiteContext, to: string, pathPart: string): Promise<string> {
  await page.goto(`${ctx.server.url}/dev/mail`)
  const message = page.locator('article, li, tr').filter({ hasText: to }).first()
  await message.waitFor()
  const href = await message.locator(`a[href*="${pathPart}"]`).first().getAttribute('href')
  assert.ok(href, `a ${pathPart} link in the mail to ${to}`)
  return href!
}

accounts('a newcomer signs up, verifies by mail, signs in, returns to the protected page and signs out', async (ctx) => {
  const mail = `newcomer-${Date.now()}@example.org`
  const { page, errors } = await open(ctx, '/subscribe')
  // A protected page sends a signed-out visitor to sign-in, keeping where they came from.
  await page.waitForURL((u) => new URL(u).pathname === '/sign-in')
  assert.is(new URL(page.url()).searchParams.get('destination'), '/subscribe')
  await page.getByText('Please sign in or sign up to receive email notifications from the vendor.').waitFor()
  assert.is(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex')
  await screenshot(page, 'sign-in-1280')
  assert.equal(await axeViolations(page), [])

  await page.getByRole('link', { name: 'Sign Up' }).click()
  await page.waitForURL((u) => new URL(u).pathname === '/sign-up')
  await page.getByLabel('Email').fill(mail)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm Password').fill(PASSWORD)
  await screenshot(page, 'sign-up-1280')
  assert.equal(await axeViolations(page), [])
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await toast(page)
    .filter({ hasText: 'Account created successfully. Please verify your account by clicking on the link received on your email address.' })
    .waitFor()
  await page.waitForURL((u) => new URL(u).pathname === '/subscribe')
  // Signed in automatically, and reminded to verify.
  await userMenu(page, mail).waitFor()
  await page.getByText(/check your email to verify your account/i).waitFor()

  // The verification mail arrives; its link verifies the account and lands on /thank-you.
  const link = await mailLink(page, ctx, mail, '/user/verify/')
  assert.is(new URL(link).origin, ctx.server.url)
  await page.goto(link)
  await page.waitForURL((u) => new URL(u).pathname === '/thank-you')
  await page.getByText(/Your email address is verified/).waitFor()
  await screenshot(page, 'thank-you-1280')
  // Used once: the same link again is refused.
  await page.goto(link)
  await page.getByText('This verification link is invalid or has expired.').waitFor()

  // Sign out, then sign in again from a protected page: back on it afterwards.
  await page.goto(`${ctx.server.url}/auroraedge.net`)
  await signOut(page, mail)
  await page.getByRole('link', { name: 'Sign In' }).waitFor()
  await page.goto(`${ctx.server.url}/account-settings`)
  await page.waitForURL((u) => new URL(u).pathname === '/sign-in')
  await page.getByText('Please sign in or sign up to change user settings.').waitFor()
  await signIn(page, mail, PASSWORD)
  await toast(page).filter({ hasText: 'You have successfully logged in!' }).waitFor()
  await page.waitForURL((u) => /^\/user\/\d+\/edit$/.test(new URL(u).pathname) || new URL(u).pathname === '/account-settings')
  // Settings: the time zone chosen there is the one every timestamp on the site uses.
  // (the settings form's select: the footer's Time zone picker has the same name)
  await page.locator('#settings-timezone').selectOption('America/New_York')
  await page.getByRole('button', { name: 'Save' }).click()
  await toast(page)
    .or(page.getByRole('status').filter({ hasText: 'Your settings have been saved.' }))
    .first()
    .waitFor()
  await page.getByRole('status').filter({ hasText: 'Your settings have been saved.' }).waitFor()
  await screenshot(page, 'settings-1280')
  assert.equal(await axeViolations(page), [])
  await page.goto(`${ctx.server.url}/auroraedge.net/incidents`)
  const times = page.getByTestId('record').first().locator('dd').first()
  await times.waitFor()
  assert.match((await times.textContent())!, /EST|EDT|GMT-[45]/)
  await page.reload()
  await page.getByTestId('record').first().waitFor()
  assert.match((await page.getByTestId('record').first().locator('dd').first().textContent())!, /EST|EDT|GMT-[45]/, 'kept after a reload')
  await userMenu(page, mail).click()
  const menu = page.getByRole('menu')
  assert.equal(await menu.getByRole('menuitem').allTextContents(), ['Subscriptions', 'Settings', 'Sign Out'])
  await screenshot(page, 'user-menu-1280')
  await page.keyboard.press('Escape')
  await signOut(page, mail)
  assert.equal(
    errors.filter((e) => !/status of 40[13]/.test(e)),
    [],
  )
})

accounts('validation messages read exactly as the spec gives them; login errors show above the form', async (ctx) => {
  const { page } = await open(ctx, '/sign-in')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await page.getByText('Please enter your Password').waitFor()
  await page.getByLabel('Email or Username').fill('someone@auroraedge.example')
  await page.getByLabel('Password', { exact: true }).fill('x')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await page.getByText('Employees must use the Employee login below.').waitFor()
  const employee = page.getByRole('link', { name: 'Employee login' })
  assert.match((await employee.getAttribute('href'))!, /\?destination=sign-in$/)

  await signIn(page, 'nobody@example.org', 'Wrong12345')
  const alert = page.getByRole('alert').filter({ hasText: 'Unrecognized username or password.' })
  await alert.waitFor()

  await page.goto(`${ctx.server.url}/sign-up`)
  await page.getByLabel('Email').fill(VIEWER.name)
  await page.getByLabel('Password', { exact: true }).fill('short')
  await page.getByLabel('Confirm Password').fill('other')
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await page.getByText('Password should be of minimum 5 character & include at least 1 uppercase alphabet and 1 number').waitFor()
  await page.getByLabel('Password', { exact: true }).fill('Valid12345')
  await page.getByLabel('Confirm Password').fill('Valid12345')
  await page.getByRole('button', { name: 'Sign Up' }).click()
  // The server's uniqueness check shows under the email field and blocks sign-up.
  await page.getByText('The email address is already registered.').waitFor()
  await screenshot(page, 'sign-up-errors-1280')
  assert.equal(await axeViolations(page), [])
})

/** Registers an account through the API (no browser state) and returns its name. */
async function register(request: APIRequestContext, url: string): Promise<string> {
  const mail = `throttle-${Date.now()}@example.org`
  const res = await request.post(`${url}/api/user/register`, {
    data: { mail: [{ value: mail }], name: [{ value: mail }], pass: [{ value: PASSWORD }] },
    headers: { origin: url },
  })
  assert.is(res.status(), 200, await res.text())
  return mail
}

accounts('throttling: after 5 failed attempts the account is blocked with a clear message', async (ctx) => {
  const { page } = await open(ctx, '/sign-in')
  const mail = await register(page.context().request, ctx.server.url)
  await page.context().clearCookies()
  await page.reload()
  for (let i = 0; i < 5; i++) {
    await signIn(page, mail, `Wrong${i}2345`)
    await page.getByRole('alert').filter({ hasText: 'Unrecognized username or password.' }).waitFor()
  }
  await signIn(page, mail, PASSWORD)
  await page
    .getByRole('alert')
    .filter({ hasText: /more than 5 failed login attempts for this account/ })
    .waitFor()
})

accounts('forgot password: the reset mail’s link sets a new password that signs in; the link works once', async (ctx) => {
  const { page } = await open(ctx, '/sign-in')
  const mail = await register(page.context().request, ctx.server.url)
  await page.context().clearCookies()
  await page.goto(`${ctx.server.url}/sign-in`)
  await page.getByRole('link', { name: 'Forgot Password' }).click()
  await page.waitForURL((u) => new URL(u).pathname === '/user/password')
  await page.getByLabel('Email').fill(mail)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await page.getByText('If an account exists for that address, we have sent it a link to reset the password.').waitFor()
  await screenshot(page, 'password-request-1280')
  assert.equal(await axeViolations(page), [])
  const link = await mailLink(page, ctx, mail, '/user/reset/')
  await page.goto(link)
  await page.getByLabel('New Password', { exact: true }).fill('Changed2026')
  await page.getByLabel('Confirm Password').fill('Changed2026')
  await page.getByRole('button', { name: 'Save Password' }).click()
  await page.getByText('Your password has been changed. You can sign in now.').waitFor()
  assert.equal(await axeViolations(page), [])
  // The old password no longer works; the new one does.
  await page.goto(`${ctx.server.url}/sign-in`)
  await signIn(page, mail, PASSWORD)
  await page.getByRole('alert').filter({ hasText: 'Unrecognized username or password.' }).waitFor()
  await signIn(page, mail, 'Changed2026')
  await toast(page).filter({ hasText: 'You have successfully logged in!' }).waitFor()
  // The link was used once.
  await page.goto(link)
  await page.getByLabel('New Password', { exact: true }).fill('Again20260')
  await page.getByLabel('Confirm Password').fill('Again20260')
  await page.getByRole('button', { name: 'Save Password' }).click()
  await page.getByRole('alert').waitFor()
})

accounts(
  'sessions: a new session id at login, CSRF-less and cross-site POSTs refused, the old cookie refused after logout',
  async (ctx) => {
    const { page } = await open(ctx, '/sign-in')
    const sessionCookie = async () => (await page.context().cookies(ctx.server.url)).find((c) => c.name === 'trust_session')
    const csrf = async () => (await page.context().cookies(ctx.server.url)).find((c) => c.name === 'z_csrf_token')?.value
    await signIn(page, VIEWER.name, VIEWER.pass)
    await toast(page).filter({ hasText: 'You have successfully logged in!' }).waitFor()
    const first = await sessionCookie()
    assert.ok(first?.httpOnly, 'the session cookie is HttpOnly')
    assert.is(first?.sameSite, 'Lax')

    const request = page.context().request
    const details = (headers: Record<string, string>) =>
      request.post(`${ctx.server.url}/api/user/details`, { data: { cloud: 'auroraedge' }, headers })
    assert.is((await details({ origin: ctx.server.url, 'x-csrf-token': (await csrf())! })).status(), 200)
    assert.is((await details({ origin: ctx.server.url })).status(), 403, 'no CSRF token')
    assert.is((await details({ origin: 'https://evil.example', 'x-csrf-token': (await csrf())! })).status(), 403, 'foreign origin')
    assert.is((await details({ 'sec-fetch-site': 'cross-site', 'x-csrf-token': (await csrf())! })).status(), 403, 'cross-site')

    // Signing in again gives a new session id; the old one is gone.
    await signOut(page, 'viewer@example.com')
    await page.goto(`${ctx.server.url}/sign-in`)
    await signIn(page, VIEWER.name, VIEWER.pass)
    await toast(page).filter({ hasText: 'You have successfully logged in!' }).waitFor()
    const second = await sessionCookie()
    assert.ok(second && second.value !== first!.value, 'new session id')
    const token = (await csrf())!
    await signOut(page, 'viewer@example.com')
    // Replaying the old cookie after logout is refused.
    const replay = await request.post(`${ctx.server.url}/api/user/details`, {
      data: { cloud: 'auroraedge' },
      headers: { origin: ctx.server.url, 'x-csrf-token': token, cookie: `trust_session=${second!.value}` },
    })
    assert.is(replay.status(), 403)
  },
)

accounts('redirect payloads after sign-in all land on the site', async (ctx) => {
  const { page } = await open(ctx, '/sign-in')
  const origin = new URL(ctx.server.url).origin
  for (const payload of ['//evil.example', '/\\evil.example', '%2F%2Fevil.example', 'https://evil.example', 'javascript:alert(1)']) {
    await page.context().clearCookies()
    await page.goto(`${ctx.server.url}/sign-in?destination=${encodeURIComponent(payload)}`)
    await signIn(page, VIEWER.name, VIEWER.pass)
    await toast(page).filter({ hasText: 'You have successfully logged in!' }).waitFor()
    await settled(page)
    assert.is(new URL(page.url()).origin, origin, payload)
    assert.is(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned), undefined)
  }
})

accounts('roles: the demo admin sees Admin (new tab) and internal-use fields; a plain user does not', async (ctx) => {
  const { page } = await open(ctx, '/sign-in')
  await signIn(page, ADMIN.name, ADMIN.pass)
  await toast(page).filter({ hasText: 'You have successfully logged in!' }).waitFor()
  const adminMail = (await page.getByRole('button', { name: /@/ }).first().textContent())!.trim()
  await page.getByRole('button', { name: /@/ }).first().click()
  const admin = page.getByRole('menuitem', { name: /Admin/ })
  assert.is(await admin.getAttribute('target'), '_blank')
  assert.match((await admin.getAttribute('href'))!, /\/admin\/dashboard$/)
  await page.keyboard.press('Escape')
  await page.goto(`${ctx.server.url}/auroraedge.net/incidents`)
  await page.getByTestId('internal-block').first().waitFor()
  await screenshot(page, 'incidents-admin-1280')
  await signOut(page, adminMail)
  await page.goto(`${ctx.server.url}/auroraedge.net/incidents`)
  await page.getByTestId('record').first().waitFor()
  assert.is(await page.getByTestId('internal-block').count(), 0)
})

accounts('idle logout after the configured time without activity', async (ctx) => {
  const { page } = await open(ctx, '/sign-in')
  await page.evaluate(() => document.documentElement.setAttribute('data-idle-logout-s', '2'))
  await signIn(page, VIEWER.name, VIEWER.pass)
  await toast(page).filter({ hasText: 'You have successfully logged in!' }).waitFor()
  await page.getByRole('link', { name: 'Sign In' }).waitFor({ timeout: 10_000 })
})

accounts('phone width: sign-in and sign-up fit 375 px and pass axe', async (ctx) => {
  const { page } = await open(ctx, '/sign-in', 375)
  await page.getByLabel('Email or Username').waitFor()
  assert.is(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0)
  await screenshot(page, 'sign-in-375')
  assert.equal(await axeViolations(page), [])
  await page.goto(`${ctx.server.url}/sign-up`)
  await page.getByLabel('Confirm Password').waitFor()
  await screenshot(page, 'sign-up-375')
  assert.equal(await axeViolations(page), [])
})

accounts.run()

const dr = siteSuite('accounts in the disaster-recovery variant', { variant: { isTrustDR: true } })

dr('sign-in, sign-up and subscribe say the service is unavailable; the header hides the links', async (ctx) => {
  const { page } = await open(ctx, '/sign-in')
  for (const path of ['/sign-in', '/sign-up', '/subscribe']) {
    await page.goto(ctx.server.url + path)
    await page.getByText('The service is temporarily unavailable.').waitFor()
    assert.is(await page.getByLabel('Email or Username').count(), 0, path)
  }
  assert.is(await page.getByRole('link', { name: 'Sign In' }).count(), 0)
  assert.is(await page.getByRole('link', { name: 'Subscribe' }).count(), 0)
})

dr.run()
