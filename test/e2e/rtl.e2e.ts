/**
 * The status timeline in the reading direction (docs/languages-and-themes.md, Locales): in
 * Arabic the names column is right of the days, the week runs right to left (its newest day left
 * of its oldest), "Previous 7 days" is right of "Next 7 days", the arrow keys move to the bar on
 * their side as it is seen, and the uptime figure under a name (a `<bdi>`) comes first in reading
 * order; in English all of it the other way. Day labels are whole at 375 px, axe passes in both
 * schemes. Screenshots `rtl-cloud-status-{lang}-{width}[-dark].png` (German at 1280 px too).
 */
import type { Locator, Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import { join } from 'node:path'
import { axeViolations, newPage, screenshot, screenshotDir, siteSuite, type SiteContext } from './harness'

const rtl = siteSuite('the status timeline follows the reading direction')

type Box = { left: number; right: number; top: number; bottom: number }

const core = (page: Page) => page.getByTestId('status-block-core')

/** The element's box in the viewport, px. */
const box = (el: Locator): Promise<Box> =>
  el.evaluate((e) => {
    const r = e.getBoundingClientRect()
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }
  })

/** The cloud status page in `lang` at `width` (light or dark), its weeks rendered whole. */
async function openTimeline(ctx: SiteContext, lang: string, width: number, scheme: 'light' | 'dark' = 'light') {
  const tp = await newPage(ctx.server, width)
  ctx.pages.push(tp)
  await tp.page.emulateMedia({ colorScheme: scheme })
  await tp.page.goto(`${ctx.server.url}/auroraedge.net/cloud-status?lang=${lang}`)
  for (const kind of ['core', 'datacenter']) {
    const block = tp.page.getByTestId(`status-block-${kind}`)
    await block.getByTestId('status-row').first().waitFor()
    await block.locator('ul[aria-busy="true"]').waitFor({ state: 'detached' })
  }
  await core(tp.page).locator('[data-testid="issue-bar"][tabindex="0"]').waitFor()
  return tp
}

/** Where the core block's parts are: the first row's names cell, the day headers (oldest first), the paging buttons, the first uptime line and its figure. */
async function layout(page: Page) {
  const block = core(page)
  const row = block.getByTestId('status-row').first()
  const days = block.getByTestId('day-header')
  assert.is(await days.count(), 7)
  const uptime = block.locator('[data-testid="status-row"] span[title]').first()
  return {
    names: await box(row.locator(':scope > div').first()),
    lane: await box(row.locator(':scope > div').nth(1)),
    oldest: await box(days.first()),
    newest: await box(days.last()),
    previous: await box(block.getByTestId('previous-week')),
    next: await box(block.getByTestId('next-week')),
    uptime: await box(uptime),
    figure: await box(uptime.locator('bdi')),
    figureText: (await uptime.locator('bdi').textContent()) ?? '',
  }
}

for (const lang of ['ar', 'en'] as const) {
  rtl(`${lang} at 1280 px: names, days, paging, uptime figure and arrow keys in the reading direction; axe light and dark`, async (ctx) => {
    const { page, errors } = await openTimeline(ctx, lang, 1280)
    assert.is(await core(page).evaluate((el) => getComputedStyle(el).direction), lang === 'ar' ? 'rtl' : 'ltr')
    const at = await layout(page)
    const where = JSON.stringify(at)
    if (lang === 'ar') {
      assert.ok(at.names.left >= at.lane.right - 1, `names right of the days: ${where}`)
      assert.ok(at.names.left >= at.oldest.right - 1, `names right of the oldest day: ${where}`)
      assert.ok(at.newest.right <= at.oldest.left + 1, `the newest day left of the oldest: ${where}`)
      assert.ok(at.previous.left >= at.next.right, `previous right of next: ${where}`)
      // The figure comes first in reading order: on the right, the words after it on its left.
      assert.ok(Math.abs(at.figure.right - at.uptime.right) <= 1 && at.figure.left > at.uptime.left + 10, `figure first (right): ${where}`)
      assert.match(at.figureText, /^\d+\.\d\d٪$/)
    } else {
      assert.ok(at.names.right <= at.lane.left + 1, `names left of the days: ${where}`)
      assert.ok(at.newest.left >= at.oldest.right - 1, `the newest day right of the oldest: ${where}`)
      assert.ok(at.previous.right <= at.next.left, `previous left of next: ${where}`)
      assert.ok(Math.abs(at.figure.left - at.uptime.left) <= 1 && at.figure.right < at.uptime.right - 10, `figure first (left): ${where}`)
      assert.match(at.figureText, /^\d+\.\d\d%$/)
    }

    // Each paging button's arrow is at its outer side: Previous's on the right in Arabic (the glyph
    // '<' before the words, drawn mirrored as '>'), Next's on the left.
    const arrows = await core(page).evaluate((block) =>
      ['previous-week', 'next-week'].map((id) => {
        const button = block.querySelector(`[data-testid="${id}"]`)!
        const text = button.firstChild!
        const range = document.createRange()
        const at = text.textContent!.search(/[<>]/)
        range.setStart(text, at)
        range.setEnd(text, at + 1)
        const arrow = range.getBoundingClientRect()
        const whole = button.getBoundingClientRect()
        return arrow.left + arrow.width / 2 > whole.left + whole.width / 2 ? 'right' : 'left'
      }),
    )
    assert.equal(arrows, lang === 'ar' ? ['right', 'left'] : ['left', 'right'], 'the arrows of Previous and Next')

    // A row's later bar is on the left right to left; the arrow key of that side moves to it.
    const bars = core(page).getByTestId('issue-bar')
    const row = await bars.evaluateAll((els) => {
      const counts = new Map<string, number>()
      for (const el of els) counts.set((el as HTMLElement).dataset.row!, (counts.get((el as HTMLElement).dataset.row!) ?? 0) + 1)
      return [...counts].find(([, n]) => n > 1)?.[0]
    })
    assert.ok(row !== undefined, 'a row with two bars')
    const first = core(page).locator(`[data-row="${row}"][data-col="0"]`)
    const second = core(page).locator(`[data-row="${row}"][data-col="1"]`)
    const [a, b] = [await box(first), await box(second)]
    assert.ok(lang === 'ar' ? b.left < a.left : b.left > a.left, `the later bar on the ${lang === 'ar' ? 'left' : 'right'}`)
    await first.focus()
    await page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight')
    assert.is(
      await second.evaluate((el) => el === (el.getRootNode() as Document).activeElement),
      true,
      'the arrow towards the later bar reaches it',
    )
    await page.keyboard.press(lang === 'ar' ? 'ArrowRight' : 'ArrowLeft')
    assert.is(await first.evaluate((el) => el === (el.getRootNode() as Document).activeElement), true, 'and the other arrow comes back')
    // The popover of the focused bar opens inside the viewport.
    const popover = await box(page.getByTestId('issue-popover'))
    assert.ok(popover.left >= 0 && popover.right <= 1280, `popover in view: ${JSON.stringify(popover)}`)
    await page.keyboard.press('Escape')
    await page.getByTestId('issue-popover').waitFor({ state: 'detached' })

    // A name's info tooltip opens under it from the name's start edge: its right edge in Arabic.
    const name = core(page).locator('[data-info]').first()
    await name.focus()
    const [tip, named] = [await box(page.getByTestId('item-info')), await box(name)]
    const edge = lang === 'ar' ? Math.abs(tip.right - named.right) : Math.abs(tip.left - named.left)
    assert.ok(edge <= 1 && tip.top >= named.bottom, `tooltip ${JSON.stringify(tip)} under the name ${JSON.stringify(named)}`)
    await name.blur()

    assert.equal(await axeViolations(page), [], `${lang} light`)
    await screenshot(page, `rtl-cloud-status-${lang}-1280`)
    await core(page).screenshot({ path: join(screenshotDir, `rtl-cloud-status-${lang}-1280-core.png`) })
    const dark = await openTimeline(ctx, lang, 1280, 'dark')
    assert.equal(await axeViolations(dark.page), [], `${lang} dark`)
    await screenshot(dark.page, `rtl-cloud-status-${lang}-1280-dark`)
    assert.equal([...errors, ...dark.errors], [])
  })

  rtl(`${lang} at 375 px: names at the start, the week scrolling behind them, every day label whole; axe light and dark`, async (ctx) => {
    const { page, errors } = await openTimeline(ctx, lang, 375)
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375), 'no sideways page scroll')
    const at = await layout(page)
    if (lang === 'ar')
      assert.ok(at.names.right > 300 && at.previous.left >= at.next.right, `names and Previous on the right: ${JSON.stringify(at)}`)
    else assert.ok(at.names.left < 75 && at.previous.right <= at.next.left, `names and Previous on the left: ${JSON.stringify(at)}`)
    // The week opens scrolled to now: its line is in view beside the names, not behind them.
    const line = await box(core(page).getByTestId('now-marker').locator('div').first())
    const inView = lang === 'ar' ? line.left >= 0 && line.right <= at.names.left : line.left >= at.names.right && line.right <= 375
    assert.ok(inView, `now at ${JSON.stringify(line)}, names at ${JSON.stringify(at.names)}`)
    // No day label is cut by its column (each is as wide as its text).
    const cut = await core(page)
      .getByTestId('day-header')
      .evaluateAll((days) =>
        days
          .filter((d) => d.scrollWidth > d.clientWidth + 1 || d.firstElementChild!.scrollWidth > d.clientWidth + 1)
          .map((d) => d.textContent),
      )
    assert.equal(cut, [], 'day labels cut')
    // The day labels in view, less the ones behind the names column, are inside the viewport.
    const names = at.names
    const shown = await core(page)
      .getByTestId('day-header')
      .evaluateAll(
        (days, n) =>
          days
            .map((d) => d.firstElementChild!.getBoundingClientRect())
            .filter((r) => r.right > 0 && r.left < innerWidth && (r.right <= n.left || r.left >= n.right))
            .map((r) => [Math.round(r.left), Math.round(r.right)]),
        names,
      )
    assert.ok(shown.length >= 2, `day labels in view: ${JSON.stringify(shown)}`)
    assert.equal(await axeViolations(page), [], `${lang} 375 light`)
    await screenshot(page, `rtl-cloud-status-${lang}-375`)
    await core(page).screenshot({ path: join(screenshotDir, `rtl-cloud-status-${lang}-375-core.png`) })
    const dark = await openTimeline(ctx, lang, 375, 'dark')
    assert.equal(await axeViolations(dark.page), [], `${lang} 375 dark`)
    await screenshot(dark.page, `rtl-cloud-status-${lang}-375-dark`)
    assert.equal([...errors, ...dark.errors], [])
  })
}

rtl('de at 1280 px: left to right as English, axe clean', async (ctx) => {
  const { page, errors } = await openTimeline(ctx, 'de', 1280)
  const at = await layout(page)
  assert.ok(at.names.right <= at.lane.left + 1 && at.newest.left >= at.oldest.right - 1, JSON.stringify(at))
  assert.ok(at.figure.left - at.uptime.left <= 1, `figure first: ${JSON.stringify(at)}`)
  assert.equal(await axeViolations(page), [])
  await screenshot(page, 'rtl-cloud-status-de-1280')
  await core(page).screenshot({ path: join(screenshotDir, 'rtl-cloud-status-de-1280-core.png') })
  assert.equal(errors, [])
})

rtl.run()
