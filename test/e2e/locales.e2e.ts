/**
 * The site's languages (docs/languages-and-themes.md): each locale's home, cloud status, incidents and sign-in pages
 * at 375 and 1280 px carry `<html lang dir>`, show none of the catalogues' English texts (names of
 * records and places are data and stay), scroll no wider than the window and pass axe; Arabic is
 * mirrored (`dir=rtl`, the header's logo on the right), the timeline's week too (right to left;
 * test/e2e/rtl.e2e.ts checks the rest). The header's language picker switches the page at once and
 * is remembered in the `trust_lang` cookie; `?lang=` beats the cookie, which beats `Accept-Language`. Screenshots
 * `locale-{code}-{page}-{width}.png` of every locale.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import { LANG_COOKIE, LOCALES, type Locale, textDirection } from '../../contract/locale'
import { englishLeftovers, leftovers } from './catalogue-text'
import { request as playwrightRequest } from 'playwright-core'
import { startExamplesServer } from '../../examples/serve'
import {
  addAccount,
  adminHeaders,
  axeViolations,
  browser,
  newPage,
  queryDb,
  root,
  screenshot,
  settled,
  signInTo,
  siteSuite,
  type SiteContext,
} from './harness'
import { ADMIN, CLOUD } from './pages'

const locales = siteSuite('locales: six languages, the picker, no English left, right-to-left Arabic')

/** A post with a postmortem (its heading and publishing line in each language). */
let postPath = ''

locales.before(async (ctx) => {
  await (await browser()).clearCookies()
  // A post of the test's own whose texts are no English words (the seed's bodies are English
  // prose, which is the operator's language, not the site's).
  const headers = await adminHeaders(ctx)
  const send = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await ctx.server.app.inject({ method, url, headers, payload })
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`)
    return JSON.parse(res.body).data
  }
  const [service] = queryDb<{ tid: number }>(
    ctx,
    `select cs.service_tid as tid from cloud_services cs join clouds c on c.id = cs.cloud_id
     where c.machine_name = 'auroraedge' and cs.active = 1 order by cs.sort limit 1`,
  )
  const { id } = await send('POST', '/api/admin/records', {
    type: 'incident',
    title: 'Relay 4.2',
    summary: '4.2 → 4.3',
    status: 'In Progress',
    severity: 19,
    clouds: ['auroraedge'],
    terms: [service.tid],
    from: new Date(Date.now() - 3_600_000).toISOString(),
    notify: false,
  })
  await send('POST', `/api/admin/records/${id}/resolve`, { update: '4.3.1', notify: false })
  await send('PUT', `/api/admin/records/${id}/postmortem`, { body: '## 4.3\n\n- 4.3.1\n- 4.3.2', publish: true })
  postPath = `/${CLOUD}/posts/${id}`
})
locales.after(async () => {
  await (await browser()).clearCookies()
})

/** The pages the issue names, each with what shows its content has loaded (no English selectors). */
const PAGES: { name: string; path: string; ready: (page: Page) => Promise<unknown> }[] = [
  {
    name: 'home',
    path: `/${CLOUD}`,
    ready: async (p) => {
      await p.getByTestId('cloud-banner').waitFor()
      await p.locator('trust-speedometer li').nth(2).waitFor()
    },
  },
  { name: 'cloud-status', path: `/${CLOUD}/cloud-status`, ready: (p) => p.getByTestId('status-row').first().waitFor() },
  {
    name: 'incidents',
    path: `/${CLOUD}/incidents`,
    ready: async (p) => {
      await p.locator('main [data-testid="record"], main [data-testid="records-empty"]').first().waitFor()
      await p.getByTestId('calendar-day').first().waitFor()
    },
  },
  {
    name: 'post',
    get path() {
      return postPath
    },
    ready: (p) => p.getByTestId('post-postmortem').waitFor(),
  },
  { name: 'sign-in', path: '/sign-in', ready: (p) => p.locator('main input[type="password"]').waitFor() },
]

async function openIn(ctx: SiteContext, path: string, locale: Locale, width: number) {
  const tp = await newPage(ctx.server, width)
  ctx.pages.push(tp)
  await tp.page.goto(`${ctx.server.url}${path}${path.includes('?') ? '&' : '?'}lang=${locale}`)
  return tp
}

for (const locale of LOCALES.filter((l) => l !== 'en')) {
  locales(`${locale}: home, cloud status, incidents, a post and sign-in at 375 and 1280 px`, async (ctx) => {
    const patterns = await englishLeftovers(locale)
    assert.ok(patterns.length > 100, 'the catalogues were read')
    const problems: string[] = []
    for (const width of [1280, 375]) {
      for (const visit of PAGES) {
        const { page } = await openIn(ctx, visit.path, locale, width)
        await visit.ready(page)
        // Whatever loads after the content (the calendar's days, the week's rows) has settled.
        await settled(page)
        const where = `${visit.name} ${width}px`
        const html = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])
        assert.equal(html, [locale, textDirection(locale)], `${where}: <html lang dir>`)
        for (const text of await leftovers(page, patterns)) problems.push(`${where}: English text "${text}"`)
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        if (overflow > 0) problems.push(`${where}: scrolls ${overflow} px sideways`)
        for (const v of await axeViolations(page)) problems.push(`${where}: ${v}`)
        await screenshot(page, `locale-${locale}-${visit.name}-${width}`)
        await page.close()
      }
    }
    assert.equal(problems, [], problems.slice(0, 30).join('\n'))
  })
}

locales('Arabic is mirrored, the week of the timeline running right to left', async (ctx) => {
  const { page } = await openIn(ctx, `/${CLOUD}/cloud-status`, 'ar', 1280)
  await page.getByTestId('status-row').first().waitFor()
  const logo = await page.locator('header a').first().boundingBox()
  assert.ok(logo && logo.x > 640, `the logo sits on the right in Arabic (x = ${logo?.x})`)
  // The week's day columns run from the oldest on the right to today on the left.
  const block = page.getByTestId('status-block-core').or(page.locator('[data-testid^="status-block-"]').first()).first()
  const xs = await block.locator('[data-testid="day-header"]').evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().x))
  assert.is(xs.length, 7, 'seven day headers')
  assert.equal(
    xs,
    [...xs].sort((a, b) => b - a),
    'the days ascend from right to left',
  )
  await screenshot(page, 'locale-ar-timeline-axis-1280')
})

locales('the picker switches at once and is remembered; ?lang= beats the cookie, which beats Accept-Language', async (ctx) => {
  const context = await browser()
  await context.clearCookies()
  const tp = await newPage(ctx.server, 1280)
  ctx.pages.push(tp)
  const { page } = tp
  await page.goto(`${ctx.server.url}/${CLOUD}`)
  await page.getByTestId('cloud-banner').waitFor()
  assert.is(await page.evaluate(() => document.documentElement.lang), 'en')
  const nav = page.getByRole('navigation', { name: 'Main menu' })
  await nav.getByRole('link', { name: 'Incidents', exact: true }).waitFor()
  // No reload: a marker on the window survives the switch.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
  await page.getByTestId('language-button').click()
  await page.getByTestId('language-picker-header').getByRole('combobox').selectOption('de')
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Störungen', exact: true }).waitFor()
  assert.equal(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['de', 'ltr'])
  assert.ok(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), 'switched without a reload')
  // The button shows the code and is named by it first (axe: the visible text starts its name).
  assert.match((await page.getByTestId('language-button').textContent()) ?? '', /^DE, Sprache: Deutsch\. Sprache wechseln/)
  assert.is((await context.cookies()).find((c) => c.name === LANG_COOKIE)?.value, 'de')
  await screenshot(page, 'locale-picker-de-1280')

  // The next page the server sends is German from its first byte.
  const html = await (await page.request.get(`${ctx.server.url}/${CLOUD}/incidents`, { headers: { accept: 'text/html' } })).text()
  assert.match(html, /<html lang="de" dir="ltr"/)
  assert.match(html, /Störungen/)

  // ?lang= beats the cookie.
  const ja = await (await page.request.get(`${ctx.server.url}/${CLOUD}?lang=ja`, { headers: { accept: 'text/html' } })).text()
  assert.match(ja, /<html lang="ja" dir="ltr"/)

  // Without a cookie, Accept-Language decides; an unsupported language falls back to English.
  await context.clearCookies()
  const fr = await (
    await page.request.get(`${ctx.server.url}/${CLOUD}`, {
      headers: { accept: 'text/html', 'accept-language': 'pt-BR, fr;q=0.8, en;q=0.5' },
    })
  ).text()
  assert.match(fr, /<html lang="fr" dir="ltr"/)
  const pt = await (
    await page.request.get(`${ctx.server.url}/${CLOUD}`, { headers: { accept: 'text/html', 'accept-language': 'pt-BR' } })
  ).text()
  assert.match(pt, /<html lang="en">/)
})

locales('at 375 px the picker is in the menu, and the footer has one too', async (ctx) => {
  await (await browser()).clearCookies()
  const tp = await newPage(ctx.server, 375)
  ctx.pages.push(tp)
  const { page } = tp
  await page.goto(`${ctx.server.url}/${CLOUD}?lang=es`)
  await page.getByTestId('cloud-banner').waitFor()
  await page.getByRole('button', { name: 'Menú' }).click()
  await page.getByTestId('language-picker-menu').getByRole('combobox').selectOption('ar')
  await page.waitForFunction(() => document.documentElement.dir === 'rtl')
  await page.getByTestId('language-picker-footer').getByRole('combobox').selectOption('en')
  await page.waitForFunction(() => document.documentElement.lang === 'en' && document.documentElement.dir === 'ltr')
  assert.ok(!new URL(page.url()).searchParams.has('lang'), 'a choice drops ?lang= from the address')
})

locales('drop-ins follow their own lang, else the host page’s, and fetch only their catalogue', async (ctx) => {
  const examples = await startExamplesServer({ siteOrigin: ctx.server.url })
  try {
    await (await browser()).clearCookies()
    const tp = await newPage(ctx.server, 1280, [examples.url])
    ctx.pages.push(tp)
    const { page } = tp
    const catalogues: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/widgets/i18n/')) catalogues.push(new URL(request.url()).pathname)
    })
    await page.goto(`${examples.url}/languages.html`)
    const gauges = page.locator('trust-speedometer li')
    await gauges.nth(2).waitFor()
    const badge = page.locator('section[lang="ar"] trust-status-badge')
    await page.locator('trust-cloud-status').getByTestId('status-row').first().waitFor()
    // The speedometer follows the page (Japanese), the timeline its own lang (German), the badge Arabic.
    const speedometer = await page
      .locator('trust-speedometer')
      .evaluate((e) => e.shadowRoot?.querySelector('[part~="root"]')?.getAttribute('lang'))
    assert.is(speedometer, 'ja')
    const timeline = page.locator('trust-cloud-status')
    assert.is(await timeline.evaluate((e) => e.shadowRoot?.querySelector('[part~="root"]')?.getAttribute('lang')), 'de')
    await timeline
      .getByRole('button', { name: /Nächste 7 Tage|Vorherige 7 Tage/ })
      .first()
      .waitFor()
    await badge.waitFor()
    const badgeRoot = await badge.evaluate((e) => [
      e.shadowRoot?.querySelector('[lang]')?.getAttribute('lang'),
      e.shadowRoot?.querySelector('[dir]')?.getAttribute('dir'),
    ])
    assert.equal(badgeRoot, ['ar', 'rtl'])
    // Each drop-in fetched its own catalogue in its own language, and nothing else (the status line
    // inside the timeline, a <trust-status-badge>, may add the badge's German one).
    const fetched = [...new Set(catalogues)].sort()
    for (const file of ['/widgets/i18n/cloud-status.de.json', '/widgets/i18n/speedometer.ja.json', '/widgets/i18n/status-badge.ar.json'])
      assert.ok(fetched.includes(file), `${file} in ${fetched.join(', ')}`)
    assert.equal(
      fetched.filter((f) => !/\/widgets\/i18n\/(cloud-status\.de|speedometer\.ja|status-badge\.(ar|de))\.json$/.test(f)),
      [],
    )
    assert.equal(await axeViolations(page), [])
    await screenshot(page, 'locale-drop-ins-1280')
    // The German timeline's full post names the record's status in German (the API sends the
    // default names in English; core.terms translates them).
    await page.bringToFront()
    await timeline.getByTestId('issue-bar').first().click()
    const status = timeline.getByTestId('modal-status')
    await status.waitFor()
    const terms: Record<string, string> = JSON.parse(readFileSync(join(root, 'contract/locales/de.json'), 'utf8'))['core.terms']
    const shown = (await status.textContent()) ?? ''
    assert.ok(Object.values(terms).includes(shown), `"${shown}" is a German status name`)
    await page.keyboard.press('Escape')
    await timeline.getByTestId('issue-modal').waitFor({ state: 'detached' })
  } finally {
    await examples.close()
  }
})

locales('a subscriber who chose German on the settings page gets the notification email in German', async (ctx) => {
  const mail = `leser-${Date.now()}@example.org`
  await addAccount(ctx, mail, 'Leser2026Passwort', [], 'auroraedge')
  const { page } = await signInTo(ctx, mail, 'Leser2026Passwort', '/subscribe')
  await page
    .getByRole('link', { name: mail })
    .or(page.getByRole('button', { name: mail }))
    .first()
    .click()
  await page.getByRole('menuitem', { name: 'Settings' }).click()
  await page.locator('#settings-language').selectOption('de')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.waitForFunction(() => document.documentElement.lang === 'de')
  const uid = queryDb<{ uid: number; locale: string }>(ctx, 'SELECT uid, locale FROM users WHERE mail = ?', mail)[0]
  assert.is(uid.locale, 'de')

  const api = await playwrightRequest.newContext({ baseURL: ctx.server.url })
  try {
    await api.post('/api/user/before-login')
    const login = await api.post('/api/user/login', { data: ADMIN })
    const { csrf_token } = (await login.json()).data as { csrf_token: string }
    const title = `Langsame Anmeldungen ${Date.now()}`
    const res = await api.post('/api/admin/records', {
      data: {
        type: 'incident',
        title,
        summary: 'Anmeldungen dauern länger als üblich.',
        status: 'In Progress',
        severity: 19,
        clouds: ['auroraedge'],
        terms: [],
        from: new Date(Date.now() - 5 * 60_000).toISOString(),
      },
      headers: { 'X-CSRF-Token': csrf_token },
    })
    assert.is(res.status(), 201, await res.text())
    const sent = queryDb<{ subject: string; text: string }>(
      ctx,
      'SELECT subject, text FROM outbox WHERE to_address = ? AND subject LIKE ? ORDER BY id',
      mail,
      `%${title}%`,
    )
    assert.is(sent.length, 1, 'one email')
    assert.is(sent[0].subject, `[auroraedge.net] Störung: ${title} (In Bearbeitung)`)
    assert.match(sent[0].text, /Aktueller Status/)
    assert.match(sent[0].text, /In Bearbeitung/)
    assert.match(sent[0].text, /Diese Benachrichtigungen abbestellen/)
    assert.not.match(sent[0].text, /Unsubscribe|Current status/)
  } finally {
    await api.dispose()
  }
})

locales.run()
