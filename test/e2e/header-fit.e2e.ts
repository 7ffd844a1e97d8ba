/**
 * The header on one row (docs/languages-and-themes.md#the-header-on-one-row) and the Notifications page.
 *
 * - In every locale at 1280 px the bar's controls (logo, cloud selector, top menu, language, time
 *   zone, theme, sign-in, subscribe) share one row, the main menu's items share one row inside the
 *   window, no control's or item's text breaks over two lines and nothing is cut by an ellipsis; at
 *   992 px the menus are folded: the bar holds the logo and the Menu button on one row, and the
 *   opened menu's items each keep one line. In Arabic the bar and the menu are mirrored.
 * - The home banner's heading and description start at the same edge (the right one in Arabic);
 *   screenshots of home at 1280 and 375 px in German and Arabic.
 * - `/{domain}/notifications` opened directly answers 200 (server-rendered) with the list of the
 *   dropdown's entries, in light and dark with 0 axe violations; on a production server from an
 *   empty database with the operator's own catalogue too.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import type { GlobalData, MenuItem } from '../../contract/global'
import { LOCALES, type Locale } from '../../contract/locale'
import { menuHref, visibleItems } from '../../contract/menu'
import { apiData, axeViolations, browser, newPage, root, screenshot, settled, siteSuite, type SiteContext } from './harness'
import { CLOUD } from './pages'

const fit = siteSuite('header-fit: one row in every language, the Notifications page')

fit.before(async () => {
  await (await browser()).clearCookies()
})
fit.after(async () => {
  await (await browser()).clearCookies()
})

/** A box of the header as the test reads it: where it is and how many lines its visible text takes. */
interface Box {
  name: string
  left: number
  right: number
  top: number
  bottom: number
  /** Lines of its visible text (0: no text, e.g. a select). */
  lines: number
}

/** What {@link measure} reads: the bar's visible controls, the main menu's visible items, what is cut. */
interface HeaderBoxes {
  bar: Box[]
  menu: Box[]
  /** Texts shortened by an ellipsis (the logo's name, the cloud selector's). */
  cut: string[]
  /** How far the main menu's list overflows its box, px. */
  menuOverflow: number
}

// Plain JavaScript run in the page: the test runner's transpiler would wrap named functions in a
// helper the page does not have. A text's lines are read from its glyph boxes: text on two lines
// spans more than one and a half times its tallest line box.
const MEASURE = `(() => {
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 1 && r.height > 1 }
  const lines = (el) => {
    const rects = []
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.textContent.trim()) continue
      let hidden = false
      for (let p = n.parentElement; p && p !== el.parentElement; p = p.parentElement) if (!shown(p)) hidden = true
      if (hidden) continue
      const range = document.createRange()
      range.selectNodeContents(n)
      for (const r of range.getClientRects()) if (r.width >= 1) rects.push(r)
    }
    if (rects.length === 0) return 0
    const span = Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top))
    return span > 1.5 * Math.max(...rects.map((r) => r.height)) ? 2 : 1
  }
  const box = (el) => {
    const r = el.getBoundingClientRect()
    const name = el.getAttribute('data-testid') || el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40) || el.tagName
    return { name, left: r.left, right: r.right, top: r.top, bottom: r.bottom, lines: lines(el) }
  }
  const header = document.querySelector('header')
  const bar = header.firstElementChild
  const controls = [...bar.querySelectorAll('a, button, select')].filter((el) => shown(el) && !el.closest('[role="dialog"]'))
  const list = header.querySelector('#main-menu > ul')
  const items = list ? [...list.children].map((li) => li.firstElementChild).filter((el) => el && shown(el)) : []
  const cut = [...header.querySelectorAll('*')]
    .filter((el) => getComputedStyle(el).textOverflow === 'ellipsis' && shown(el) && el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.textContent.trim())
  return { bar: controls.map(box), menu: items.map(box), cut, menuOverflow: list && shown(list) ? list.scrollWidth - list.clientWidth : 0 }
})()`

const measure = (page: Page): Promise<HeaderBoxes> => page.evaluate(MEASURE) as Promise<HeaderBoxes>

const middle = (b: Box) => (b.top + b.bottom) / 2
const spread = (values: number[]) => Math.max(...values) - Math.min(...values)
const describe = (boxes: Box[]) =>
  boxes
    .map((b) => `${b.name} [${Math.round(b.left)}–${Math.round(b.right)}, ${Math.round(b.top)}–${Math.round(b.bottom)}] ${b.lines} line(s)`)
    .join('; ')

/** Opens `path` in `locale` (`?lang=`) in a new tab `width` px wide. */
async function openIn(ctx: SiteContext, path: string, locale: Locale, width: number, scheme: 'light' | 'dark' = 'light') {
  const tp = await newPage(ctx.server, width)
  ctx.pages.push(tp)
  await tp.page.emulateMedia({ colorScheme: scheme })
  const response = await tp.page.goto(`${ctx.server.url}${path}${path.includes('?') ? '&' : '?'}lang=${locale}`)
  return { ...tp, status: response?.status() }
}

/** Problems of a header: controls off the row, text on two lines, text cut, a menu wider than its row. */
function rowProblems(where: string, boxes: Box[], what: string): string[] {
  const problems: string[] = []
  if (boxes.length > 1 && spread(boxes.map(middle)) > 4) problems.push(`${where}: the ${what} is not one row: ${describe(boxes)}`)
  for (const b of boxes) if (b.lines > 1) problems.push(`${where}: "${b.name}" breaks over two lines`)
  return problems
}

for (const locale of LOCALES) {
  fit(`${locale}: the bar and the main menu each hold one row at 1280 px; folded at 992 px, one row`, async (ctx) => {
    const problems: string[] = []
    for (const width of [1280, 992]) {
      const { page } = await openIn(ctx, `/${CLOUD}`, locale, width)
      await page.getByTestId('cloud-banner').waitFor()
      await settled(page)
      const where = `${locale} @${width}`
      const boxes = await measure(page)
      problems.push(...rowProblems(where, boxes.bar, 'header bar'))
      for (const text of boxes.cut) problems.push(`${where}: "${text}" is cut`)
      if (width === 1280) {
        // Logo, cloud selector, three top links, language, time zone, theme, sign-in, subscribe.
        if (boxes.bar.length < 9) problems.push(`${where}: only ${boxes.bar.length} controls in the bar: ${describe(boxes.bar)}`)
        assert.ok(boxes.menu.length >= 8, `${where}: the main menu shows its items (${boxes.menu.length})`)
        if (spread(boxes.menu.map((b) => b.top)) > 2) problems.push(`${where}: the main menu wraps: ${describe(boxes.menu)}`)
        problems.push(...rowProblems(where, boxes.menu, 'main menu'))
        if (boxes.menuOverflow > 0) problems.push(`${where}: the main menu overflows its row by ${boxes.menuOverflow} px`)
        for (const b of [...boxes.bar, ...boxes.menu])
          if (b.left < 0 || b.right > width) problems.push(`${where}: "${b.name}" is outside the window`)
        // Reading order: left to right, or mirrored in Arabic (logo on the right, Home rightmost).
        const rtl = locale === 'ar'
        const [logo, ...controls] = boxes.bar
        const logoAtStart = rtl ? controls.every((c) => c.right <= logo.left) : controls.every((c) => c.left >= logo.right)
        if (!logoAtStart) problems.push(`${where}: the logo is not at the start of the bar: ${describe(boxes.bar)}`)
        const ordered = boxes.menu.every((b, i) => i === 0 || (rtl ? b.right <= boxes.menu[i - 1].left : b.left >= boxes.menu[i - 1].right))
        if (!ordered)
          problems.push(`${where}: the main menu does not run ${rtl ? 'right to left' : 'left to right'}: ${describe(boxes.menu)}`)
        if (locale === 'de') await screenshot(page, 'header-fit-de-1280')
      } else {
        // Folded: the logo and the Menu button share the bar; the menu opens below with one line per item.
        assert.is(boxes.bar.length, 2, `${where}: logo and Menu button: ${describe(boxes.bar)}`)
        assert.is(boxes.menu.length, 0, `${where}: the main menu is folded`)
        await page.locator('header button[aria-controls="main-menu"]').click()
        await page.locator('#main-menu > ul > li').first().waitFor()
        if (locale === 'de') await screenshot(page, 'header-fit-de-992-menu')
        const open = await measure(page)
        assert.ok(open.menu.length >= 8, `${where}: the opened menu shows its items`)
        for (const b of open.menu) if (b.lines > 1) problems.push(`${where}: the opened menu's "${b.name}" breaks over two lines`)
      }
      await page.close()
    }
    assert.equal(problems, [], problems.join('\n'))
  })
}

fit('home: the banner heading and its description start at the same edge (the right one in Arabic); de and ar at 1280 and 375 px', async (ctx) => {
  for (const locale of ['de', 'ar'] as const) {
    for (const width of [1280, 375]) {
      const { page } = await openIn(ctx, `/${CLOUD}`, locale, width)
      const banner = page.getByTestId('cloud-banner')
      await banner.waitFor()
      await settled(page)
      const edges = await banner.evaluate((section) =>
        [section.querySelector('h1 bdi'), section.querySelector('p bdi')].map((el) => {
          const r = el!.getBoundingClientRect()
          return { left: r.left, right: r.right }
        }),
      )
      const box = (await banner.boundingBox())!
      const [title, text] = edges
      const where = `${locale} @${width}`
      if (locale === 'ar') {
        assert.ok(
          Math.abs(title.right - text.right) < 2,
          `${where}: heading and text end at the right edge (${title.right}, ${text.right})`,
        )
        assert.ok(title.right > box.x + box.width - 40, `${where}: on the right of the banner`)
      } else {
        assert.ok(Math.abs(title.left - text.left) < 2, `${where}: heading and text start at the left edge (${title.left}, ${text.left})`)
        assert.ok(title.left < box.x + 40, `${where}: on the left of the banner`)
      }
      await screenshot(page, `header-fit-home-${locale}-${width}`)
      await page.close()
    }
  }
})

/** The Notifications dropdown of the site's main menu and the hrefs of its entries for `cloud`. */
async function dropdown(ctx: SiteContext, cloudName: string, label: string): Promise<{ item: MenuItem; hrefs: string[] }> {
  const global = await apiData<GlobalData>(ctx, '/api/global')
  const cloud = global.clouds.find((c) => c.domain === cloudName)!
  const item = global.menu.main_menu.find((i) => i.item === label)
  assert.ok(item && item.sub_menus.length > 0, `the menu has a ${label} dropdown`)
  return { item: item!, hrefs: visibleItems(item!.sub_menus, cloud).map((s) => menuHref(s, cloud)) }
}

/** The site catalogue's text of `key` (shell.titles) in `locale`. */
const title = (locale: Locale, key: string): string =>
  locale === 'en' ? 'Notifications' : JSON.parse(readFileSync(join(root, `shell/locales/${locale}.json`), 'utf8'))['shell.titles'][key]

/**
 * Opens `/{cloud}/notifications` and checks what a person sees: status 200, the heading, one link
 * per entry of the dropdown (as the menu has them); returns the page.
 */
async function openNotifications(
  ctx: SiteContext,
  cloud: string,
  heading: string,
  hrefs: string[],
  locale: Locale,
  width: number,
  scheme: 'light' | 'dark' = 'light',
) {
  const tp = await openIn(ctx, `/${cloud}/notifications`, locale, width, scheme)
  assert.is(tp.status, 200, `/${cloud}/notifications answers 200`)
  const page = tp.page.getByTestId('notification-types')
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  await settled(tp.page)
  const links = await page
    .getByRole('listitem')
    .getByRole('link')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')))
  assert.equal(links, hrefs, 'one link per entry of the dropdown')
  if (width >= 1200) {
    const parent = tp.page.locator('#main-menu button[aria-current="page"]')
    assert.is(await parent.count(), 1, 'the menu marks the dropdown as the current page')
  }
  assert.equal(tp.errors, [])
  return tp
}

fit("/{domain}/notifications opened directly: 200, server-rendered, the dropdown's entries, axe-clean in light and dark", async (ctx) => {
  const { hrefs } = await dropdown(ctx, CLOUD, 'Notifications')
  assert.ok(hrefs.includes(`/${CLOUD}/notifications/cloud-app`) && hrefs.some((h) => h.startsWith('https://')), 'lists and status pages')
  // The server answers the page itself (no browser): rendered with its links, status 200; a path of no page stays 404.
  const served = await ctx.server.app.inject({ method: 'GET', url: `/${CLOUD}/notifications`, headers: { accept: 'text/html' } })
  assert.is(served.statusCode, 200)
  assert.ok(served.body.includes('data-testid="notification-types"'), 'rendered on the server')
  for (const href of hrefs) assert.ok(served.body.includes(`href="${href}"`), `rendered link ${href}`)
  const unknown = await ctx.server.app.inject({ method: 'GET', url: `/${CLOUD}/notification-types`, headers: { accept: 'text/html' } })
  assert.is(unknown.statusCode, 404, 'an address of no page is still Page not found')

  for (const scheme of ['light', 'dark'] as const) {
    for (const locale of ['en', 'ar'] as const) {
      const { page } = await openNotifications(ctx, CLOUD, title(locale, 'notifications'), hrefs, locale, 1280, scheme)
      assert.equal(await axeViolations(page), [], `${locale} ${scheme}`)
      await screenshot(page, `header-fit-notifications-${locale}-${scheme}-1280`)
      await page.close()
    }
  }
  const { page } = await openNotifications(ctx, CLOUD, 'Notifications', hrefs, 'en', 375)
  assert.equal(await axeViolations(page), [], '375 px')
  await screenshot(page, 'header-fit-notifications-en-375')
  // An entry leads to its list.
  await page.getByTestId('notification-types').getByRole('link').first().click()
  await page.waitForURL((u) => new URL(u).pathname === hrefs[0])
  await page.locator('main [data-testid="record"], main [data-testid="records-empty"]').first().waitFor()
  await page.close()
})

/** A production server from an empty database, its catalogue the operator's own. */
const production = siteSuite("header-fit: the Notifications page on a production server with the operator's catalogue", {
  mode: 'production',
  accounts: { publicUrl: 'https://trust.example', admin: null, seedViewer: false },
})

production("the operator's own Notifications dropdown: its route answers 200 with its entries, its label as written", async (ctx) => {
  await (await browser()).clearCookies()
  const own = JSON.parse(readFileSync(join(root, 'test/fixtures/own-catalog.json'), 'utf8'))
  own.main_menu.push({
    label: 'Notices',
    route: 'notifications',
    component: '',
    deep_link: true,
    hide_from_clouds: [],
    sub_menus: [
      {
        label: 'Application changes',
        route: 'notifications/cloud-app',
        component: 'notifications',
        deep_link: true,
        hide_from_clouds: [],
        sub_menus: [],
      },
      {
        label: 'Privacy notices',
        route: 'notifications/privacy',
        component: 'notifications',
        deep_link: true,
        hide_from_clouds: [],
        sub_menus: [],
      },
    ],
  })
  const file = join(mkdtempSync(join(tmpdir(), 'trust-header-fit-')), 'catalog.json')
  writeFileSync(file, JSON.stringify(own))
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/catalog.ts', 'import', file], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: ctx.server.dataDir },
    encoding: 'utf8',
  })
  assert.is(run.status, 0, run.stderr)
  const cloud = own.clouds[0].domain as string
  const { hrefs } = await dropdown(ctx, cloud, 'Notices')
  assert.equal(hrefs, [`/${cloud}/notifications/cloud-app`, `/${cloud}/notifications/privacy`])
  for (const locale of ['en', 'de'] as const) {
    // The operator's label is their text and shows as written in every language.
    const { page } = await openNotifications(ctx, cloud, 'Notices', hrefs, locale, 1280)
    assert.is(await page.getByTestId('notification-types').getByRole('link').first().textContent(), 'Application changes')
    assert.equal(await axeViolations(page), [], locale)
    if (locale === 'en') await screenshot(page, 'header-fit-notifications-production-1280')
    await page.close()
  }
})

fit.run()
production.run()
