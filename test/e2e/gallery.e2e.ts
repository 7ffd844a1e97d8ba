/**
 * The widget gallery (examples/): every page on its own origin against a real site, at 1280 and
 * 375 px; two drop-in scripts sharing one store; hostile host CSS against a plain page; the
 * partner page's one script and one tag; the all-in-one kit.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import { DEFAULT_MANIFEST_PATH, startExamplesServer, type ExamplesServer } from '../../examples/serve'
import { narrowList } from '../../widgets/core/narrow'
import { narrowedStatus, overallKind } from '../../widgets/overall-status/model'
import { formatCompact } from '../../widgets/speedometer/model'
import {
  apiData,
  axeViolations,
  browser,
  newPage,
  renderSkipped,
  root,
  screenshot,
  siteSuite,
  type SiteContext,
  type TestPage,
  withoutBrowserCache,
} from './harness'

/** The element manifest the gallery's reference tables come from (GALLERY_MANIFEST overrides it). */
const manifestPath = process.env.GALLERY_MANIFEST || DEFAULT_MANIFEST_PATH
/** Every page of the gallery, so a new page is covered without touching this file. */
const PAGES = readdirSync(join(root, 'examples'))
  .filter((f) => f.endsWith('.html'))
  .sort()
const WIDTHS = [1280, 375] as const
/** Every tag of the kit (widgets/kit.ts). */
const TAGS = readFileSync(join(root, 'widgets/kit.ts'), 'utf8')
  .split('\n')
  .map((line) => /^import '\.\/([a-z-]+)\/define'/.exec(line)?.[1])
  .filter((name): name is string => !!name)
  .map((name) => `trust-${name}`)

let examples: ExamplesServer

const gallery = siteSuite('widget gallery')
gallery.before(async (ctx) => {
  examples = await startExamplesServer({ siteOrigin: ctx.server.url, manifestPath })
  // The site and the gallery are both on 127.0.0.1, and cookies do not care for ports: start from
  // no session and no chosen cloud (earlier e2e files sign in and choose clouds).
  await (await browser()).clearCookies()
})
gallery.after(async () => {
  await examples?.close()
})

/** A new page that sees every gallery page as a first visit (see `withoutBrowserCache`). */
async function firstVisitPage(ctx: SiteContext, width = 1280): Promise<TestPage> {
  const tp = await newPage(ctx.server, width, [examples.url])
  ctx.pages.push(tp)
  await withoutBrowserCache(tp.page)
  return tp
}

/** Opens a gallery page `width` px wide; the examples origin is an expected one. */
async function openGallery(ctx: SiteContext, name: string, width = 1280): Promise<TestPage> {
  const tp = await firstVisitPage(ctx, width)
  await tp.page.goto(`${examples.url}/${name}`)
  return tp
}

/**
 * Waits until every `trust-*` element of the page is defined and shows its content: no post
 * template waits for its id, every shadow root has text, no 'Loading…' status and no busy region
 * is left, and every map drew its markers (or says it has no data).
 */
async function widgetsReady(page: Page, timeout = 25_000): Promise<void> {
  await page.waitForFunction(
    () => {
      if (document.querySelector('template[data-post]')) return false
      const hosts = [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('trust-'))
      return hosts.every((el) => {
        const shadow = el.shadowRoot
        if (!customElements.get(el.localName) || !shadow) return false
        const part = shadow.querySelector('[part~="root"]')
        if (!part || !(part.textContent ?? '').trim()) return false
        if ([...shadow.querySelectorAll('[role="status"]')].some((s) => /loading/i.test(s.textContent ?? ''))) return false
        if (shadow.querySelector('[aria-busy="true"]')) return false
        if (el.localName === 'trust-dc-map' && !shadow.querySelector('[data-marker], [role="alert"]')) return false
        return true
      })
    },
    undefined,
    { timeout, polling: 100 },
  )
  await page.waitForLoadState('networkidle')
}

/** Text of every 'Could not load …' alert inside a widget: a widget that failed to load its data. */
function loadFailures(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter((e) => e.localName.startsWith('trust-') && e.shadowRoot)
      .flatMap((e) => [...e.shadowRoot!.querySelectorAll('[role="alert"]')].map((a) => `${e.localName}: ${a.textContent}`))
      .filter((t) => /could not load/i.test(t)),
  )
}

interface ManifestDeclaration {
  tagName: string
  attributes?: Array<{ name: string }>
  events?: Array<{ name: string }>
  cssParts?: Array<{ name: string }>
  cssProperties?: Array<{ name: string }>
}

let manifestByTag: Map<string, ManifestDeclaration> | undefined

/** The manifest's custom elements by tag (read once), or undefined without a manifest. */
function manifest(): Map<string, ManifestDeclaration> | undefined {
  manifestByTag ??= readManifest()
  return manifestByTag
}

function readManifest(): Map<string, ManifestDeclaration> | undefined {
  if (!existsSync(manifestPath)) return undefined
  const json = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    modules?: Array<{ declarations?: Array<ManifestDeclaration & { customElement?: boolean }> }>
  }
  const byTag = new Map<string, ManifestDeclaration>()
  for (const mod of json.modules ?? []) for (const d of mod.declarations ?? []) if (d.customElement && d.tagName) byTag.set(d.tagName, d)
  return byTag
}

/** The reference tables of `[data-manifest-for]` containers list the manifest's names. */
async function checkManifestTables(page: Page, name: string): Promise<void> {
  const containers = page.locator('[data-manifest-for]')
  const count = await containers.count()
  if (count === 0) return
  const byTag = manifest()
  assert.ok(byTag, `${name}: ${manifestPath} is missing (the build writes it); the reference tables cannot be checked`)
  for (let i = 0; i < count; i++) {
    const container = containers.nth(i)
    const tag = (await container.getAttribute('data-manifest-for'))!
    const decl = byTag!.get(tag)
    assert.ok(decl, `${name}: the manifest describes <${tag}>`)
    await page.locator(`[data-manifest-for="${tag}"][data-manifest-ready]`).waitFor()
    const names = (kind: string) =>
      container.locator(`table[data-table="${kind}"] tbody tr`).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')))
    assert.equal(await names('attributes'), decl!.attributes?.map((a) => a.name) ?? [], `${name}: attributes of <${tag}>`)
    assert.ok((decl!.attributes?.length ?? 0) > 0, `${name}: <${tag}> has attributes in the manifest`)
    assert.equal(await names('events'), decl!.events?.map((a) => a.name) ?? [], `${name}: events of <${tag}>`)
    assert.equal(await names('parts'), decl!.cssParts?.map((a) => a.name) ?? [], `${name}: parts of <${tag}>`)
    assert.equal(await names('properties'), decl!.cssProperties?.map((a) => a.name) ?? [], `${name}: custom properties of <${tag}>`)
  }
}

for (const name of PAGES) {
  gallery(`${name}: widgets defined and rendered, no errors, axe clean, fits 375 px`, async (ctx) => {
    const templates = readFileSync(join(root, 'examples', name), 'utf8').split('<template data-post=').length - 1
    for (const width of WIDTHS) {
      const { page, errors } = await openGallery(ctx, name, width)
      const label = `${name} at ${width} px`
      try {
        await widgetsReady(page)
      } catch (error) {
        await screenshot(page, `gallery-${name.replace(/\.html$/, '')}-${width}-timeout`)
        throw new Error(`${label}: widgets not ready (${(error as Error).message.split('\n')[0]}); errors: ${errors.join(' | ')}`)
      }
      const hosts = await page.evaluate(() =>
        [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('trust-')).map((e) => e.localName),
      )
      if (name !== 'index.html') assert.ok(hosts.length > 0, `${label}: shows widgets`)
      assert.equal(await loadFailures(page), [], `${label}: every widget loaded its data`)
      // Every post template became a <trust-post> with the id of a real record.
      const posts = await page.evaluate(() => [...document.querySelectorAll('trust-post')].map((p) => p.getAttribute('post-id')))
      assert.ok(
        posts.every((id) => id && /^\d+$/.test(id)),
        `${label}: post ids ${posts.join()}`,
      )
      assert.is(await page.getByText('No record to show.').count(), 0, `${label}: a post template found no record`)
      assert.ok(posts.length >= templates, `${label}: ${posts.length} posts from ${templates} templates`)
      await checkManifestTables(page, label)
      if (width === 375) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        assert.ok(overflow <= 0, `${label}: scrolls sideways by ${overflow} px`)
      }
      await screenshot(page, `gallery-${name.replace(/\.html$/, '')}-${width}`)
      assert.equal(await axeViolations(page), [], `${label}: axe`)
      assert.equal(errors, [], `${label}: console errors or foreign requests`)
      await page.close()
    }
  })
}

gallery('two-scripts.html: the tags register once and the picker drives the speedometer of another script', async (ctx) => {
  const { page, errors } = await openGallery(ctx, 'two-scripts.html')
  await widgetsReady(page)
  const kit = await page.evaluate((tags) => {
    const bag = (globalThis as unknown as { __trustKit_v1?: unknown }).__trustKit_v1
    return {
      bag: typeof bag === 'object' && bag !== null && !Array.isArray(bag),
      stores: Object.keys(bag ?? {}).sort(),
      undefinedTags: tags.filter((t) => !customElements.get(t)),
      scripts: [...document.querySelectorAll('script[src*="/widgets/"]')].map((s) => new URL((s as HTMLScriptElement).src).pathname),
    }
  }, TAGS)
  assert.ok(kit.bag, 'window.__trustKit_v1 is one object')
  // One selected cloud, one session (with its time zone) and one global-data load for all scripts.
  for (const store of ['cloud', 'cloudName', 'global', 'session'])
    assert.ok(kit.stores.includes(store), `shared ${store}: ${kit.stores.join()}`)
  assert.equal(kit.undefinedTags, [])
  assert.equal(kit.scripts, [
    '/widgets/cloud-picker.js',
    '/widgets/speedometer.js',
    '/widgets/records.js',
    '/widgets/speedometer.js',
    '/widgets/kit.js',
  ])

  const select = page.locator('trust-cloud-picker select')
  const before = await select.inputValue()
  const target = before === 'auroraedgethree' ? 'auroraedgetwo' : 'auroraedgethree'
  const speedometerRequest = page.waitForRequest(
    (r) => r.url().startsWith(`${ctx.server.url}/api/speedometer?`) && new URL(r.url()).searchParams.get('cloud') === target,
  )
  const recordsRequest = page.waitForRequest(
    (r) => r.url().startsWith(`${ctx.server.url}/api/maintenance?`) && new URL(r.url()).searchParams.get('cloud') === target,
  )
  const changed = page.evaluate(
    () =>
      new Promise<unknown>((resolve) =>
        document.addEventListener('trust-cloud-change', (e) => resolve((e as CustomEvent).detail), { once: true }),
      ),
  )
  await select.selectOption(target)
  await speedometerRequest
  await recordsRequest
  assert.is(((await changed) as { cloud: string }).cloud, target)

  const expected = await apiData<{ gauges: Array<{ label: string; value: number }> }>(ctx, `/api/speedometer?cloud=${target}`)
  const values = page.locator('trust-speedometer [data-testid="gauge-value"]')
  const want = expected.gauges.map((g) => formatCompact(g.value))
  await page.waitForFunction((want) => {
    const root = document.querySelector('trust-speedometer')?.shadowRoot
    const shown = [...(root?.querySelectorAll('[data-testid="gauge-value"]') ?? [])].map((e) => e.textContent)
    return JSON.stringify(shown) === JSON.stringify(want)
  }, want)
  assert.equal(await values.allTextContents(), want)
  const meters = page.locator('trust-speedometer [role="meter"]')
  assert.equal(
    await meters.evaluateAll((ms) => ms.map((m) => Number(m.getAttribute('aria-valuenow')))),
    expected.gauges.map((g) => g.value),
  )
  await widgetsReady(page)
  await screenshot(page, 'gallery-two-scripts-after-change-1280')
  assert.equal(errors, [])
  // The choice lives in the machineName cookie of 127.0.0.1: leave no chosen cloud behind.
  await (await browser()).clearCookies({ name: 'machineName' })
})

/**
 * Per widget of `#widgets`: its id, box relative to the container, text, and styles for a report;
 * parts skipped off screen are drawn first, so both pages compare everything they show.
 */
async function widgetSnapshot(page: Page) {
  const undo = await renderSkipped(page)
  const snapshot = await page.evaluate(() => {
    const container = document.getElementById('widgets')!.getBoundingClientRect()
    const STYLES = [
      'font-family',
      'font-size',
      'line-height',
      'letter-spacing',
      'word-spacing',
      'text-transform',
      'color',
      'text-align',
      'font-weight',
      'font-style',
      'box-sizing',
      'width',
      'height',
      'padding',
      'border',
    ]
    return [...document.querySelectorAll('#widgets > *')].map((el) => {
      const box = el.getBoundingClientRect()
      const shadow = el.shadowRoot
      const rootPart = shadow?.querySelector('[part~="root"]') as HTMLElement | null
      const elements = shadow ? [...shadow.querySelectorAll('*')].slice(0, 400) : []
      return {
        id: el.id,
        tag: el.localName,
        // (No helper functions in here: the test's compiler would name them with a missing `__name`.)
        box: {
          x: Math.round((box.left - container.left) * 100) / 100,
          y: Math.round((box.top - container.top) * 100) / 100,
          width: Math.round(box.width * 100) / 100,
          height: Math.round(box.height * 100) / 100,
        },
        text: (shadow?.textContent ?? '').replace(/\s+/g, ' ').trim(),
        innerText: (rootPart?.innerText ?? '').replace(/\s+/g, ' ').trim(),
        hostStyle: Object.fromEntries(STYLES.map((p) => [p, getComputedStyle(el).getPropertyValue(p)])),
        styles: elements.map((e) => ({
          path:
            e.localName +
            (e.getAttribute('part') ? `[part=${e.getAttribute('part')}]` : '') +
            (e.className && typeof e.className === 'string' ? `.${e.className.split(' ')[0]}` : ''),
          style: Object.fromEntries(STYLES.map((p) => [p, getComputedStyle(e).getPropertyValue(p)])),
        })),
      }
    })
  })
  await undo()
  return snapshot
}

gallery('hostile.html: every widget has the same box and text as on plain.html', async (ctx) => {
  const plain = await openGallery(ctx, 'plain.html')
  const hostile = await openGallery(ctx, 'hostile.html')
  await widgetsReady(plain.page)
  await widgetsReady(hostile.page)
  const expected = await widgetSnapshot(plain.page)
  const actual = await widgetSnapshot(hostile.page)
  await screenshot(plain.page, 'gallery-plain-compare-1280')
  await screenshot(hostile.page, 'gallery-hostile-compare-1280')
  assert.equal(
    actual.map((w) => w.id),
    expected.map((w) => w.id),
    'the same widgets',
  )
  assert.is(expected.length, TAGS.length, 'one of every widget')
  const problems: string[] = []
  actual.forEach((w, i) => {
    const e = expected[i]
    const boxDiff = (['x', 'y', 'width', 'height'] as const).filter((k) => Math.abs(w.box[k] - e.box[k]) > 0.5)
    const textSame = w.text === e.text && w.innerText === e.innerText
    if (!boxDiff.length && textSame) return
    const lines = [`<${w.tag} id=${w.id}>:`]
    if (boxDiff.length) lines.push(`  box ${boxDiff.map((k) => `${k} ${e.box[k]} → ${w.box[k]}`).join(', ')}`)
    if (w.text !== e.text) lines.push(`  textContent differs: "${e.text.slice(0, 80)}" → "${w.text.slice(0, 80)}"`)
    if (w.innerText !== e.innerText) lines.push(`  innerText differs: "${e.innerText.slice(0, 80)}" → "${w.innerText.slice(0, 80)}"`)
    const hostDiff = Object.keys(e.hostStyle).filter((p) => e.hostStyle[p] !== w.hostStyle[p])
    if (hostDiff.length) lines.push(`  host: ${hostDiff.map((p) => `${p} ${e.hostStyle[p]} → ${w.hostStyle[p]}`).join('; ')}`)
    const seen = new Set<string>()
    w.styles.forEach((s, j) => {
      const base = e.styles[j]
      if (!base || base.path !== s.path) return
      for (const p of Object.keys(s.style)) {
        if (p === 'width' || p === 'height' || s.style[p] === base.style[p]) continue
        const key = `${s.path} ${p}`
        if (seen.has(key) || seen.size >= 12) continue
        seen.add(key)
        lines.push(`  ${s.path} ${p}: ${base.style[p]} → ${s.style[p]}`)
      }
    })
    problems.push(lines.join('\n'))
  })
  assert.equal(plain.errors, [])
  assert.equal(hostile.errors, [])
  if (problems.length) assert.unreachable(`widgets changed under hostile CSS:\n${problems.join('\n')}`)
})

gallery('partner.html: one script and one tag; the gauges show the API values', async (ctx) => {
  const source = await (await fetch(`${examples.url}/partner.html`)).text()
  assert.is(source.match(/<script\b/g)?.length, 1, 'one <script>')
  assert.is(source.match(/<trust-[a-z-]+/g)?.length, 1, 'one trust-* tag')
  assert.match(source, /<trust-speedometer api-base="http:\/\/127\.0\.0\.1:\d+"><\/trust-speedometer>/)
  const tp = await firstVisitPage(ctx)
  const { page, errors } = tp
  const request = page.waitForRequest((r) => r.url().startsWith(`${ctx.server.url}/api/speedometer?`))
  await page.goto(`${examples.url}/partner.html`)
  const cloud = new URL((await request).url()).searchParams.get('cloud')!
  await widgetsReady(page)
  const expected = await apiData<{ gauges: Array<{ label: string; value: number }> }>(ctx, `/api/speedometer?cloud=${cloud}`)
  assert.equal(
    await page.locator('trust-speedometer [data-testid="gauge-value"]').allTextContents(),
    expected.gauges.map((g) => formatCompact(g.value)),
  )
  const labels = await page.locator('trust-speedometer li').allTextContents()
  for (const [i, g] of expected.gauges.entries()) assert.ok(labels[i]?.includes(g.label), `gauge ${i}: ${g.label}`)
  await screenshot(page, 'gallery-partner-gauges-1280')
  assert.equal(errors, [])
})

gallery(
  'records.html: the drop-in (Preact core, no compat) filters data centers as one types, closes when focus leaves, draws its icons',
  async (ctx) => {
    const { page, errors } = await openGallery(ctx, 'records.html')
    await widgetsReady(page)
    const widget = page.locator('trust-records[type="maintenance"]')
    const button = widget.getByTestId('datacenter-button')
    await button.click()
    const panel = widget.getByRole('dialog', { name: 'Select Data Centers' })
    await panel.waitFor()
    const search = panel.getByRole('searchbox', { name: 'Search data centers' })
    assert.ok(
      await search.evaluate((el) => el.getRootNode() instanceof ShadowRoot && (el.getRootNode() as ShadowRoot).activeElement === el),
    )
    const options = panel.getByTestId('datacenter-option')
    const all = await options.count()
    const first = (await options.first().locator('xpath=..').textContent())!.trim()
    // Key by key, as a person types: each keystroke filters (Preact core's onChange waits for a commit).
    await search.pressSequentially(first.slice(0, 4), { delay: 20 })
    await page.waitForFunction(
      ([n]) => {
        const root = document.querySelector('trust-records[type="maintenance"]')!.shadowRoot!
        return root.querySelectorAll('[data-testid="datacenter-option"]').length < n
      },
      [all],
    )
    assert.ok((await options.count()) >= 1, `"${first.slice(0, 4)}" keeps ${first}`)
    await options.first().check()
    await page.waitForFunction(() => {
      const root = document.querySelector('trust-records[type="maintenance"]')!.shadowRoot!
      return root.querySelector('[data-testid="datacenter-button"]')?.textContent === '1 selected▾'
    })
    await screenshot(page, 'gallery-records-datacenter-1280')
    // Focus leaving the button-and-panel pair closes the panel: back from the search box to the
    // button (still inside), then out of the pair.
    await search.focus()
    await page.keyboard.press('Shift+Tab')
    assert.ok(await panel.isVisible(), 'the button is inside the pair: the panel stays')
    await page.keyboard.press('Shift+Tab')
    await panel.waitFor({ state: 'detached' })
    // Escape closes it and gives the focus back to the button.
    await button.click()
    await panel.waitFor()
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    assert.ok(await button.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el), 'focus back on the button')
    // The status icons' stroke comes from CSS (no camelCase SVG props without compat).
    const strokes = await widget.locator('svg[data-icon]').evaluateAll((icons) => icons.map((i) => getComputedStyle(i).strokeWidth))
    assert.ok(strokes.length > 0 && strokes.every((w) => w === '1.6px'), strokes.join())
    assert.equal(errors, [])
  },
)

gallery(
  'cloud-status.html: the drop-in (Preact core, no compat) shows the popover on a focused bar, the modal on Enter, the name tooltip on focus',
  async (ctx) => {
    const { page, errors } = await openGallery(ctx, 'cloud-status.html')
    await widgetsReady(page)
    // Focus events fire in the page that has the focus (the run shares one browser).
    await page.bringToFront()
    const widget = page.locator('trust-cloud-status').first()
    const block = widget.getByTestId('status-block-core')
    /** The `data-testid` of what has the focus inside the widget's shadow root. */
    const focused = () =>
      widget.evaluate(
        (host) => host.shadowRoot?.activeElement?.getAttribute('data-testid') ?? host.shadowRoot?.activeElement?.localName ?? '',
      )
    // Focus reaches the grid as bubbling focusin: the bar's popover opens and the bar is the tab stop.
    await block.locator('[data-testid="issue-bar"][tabindex="0"]').focus()
    const popover = widget.getByTestId('issue-popover')
    await popover.waitFor()
    assert.is(await block.locator('[data-testid="issue-bar"][aria-describedby]').count(), 1, 'the focused bar is described by the popover')
    await page.keyboard.press('Enter')
    const modal = widget.getByTestId('issue-modal')
    await modal.waitFor()
    assert.ok(await modal.evaluate((el) => el.contains((el.getRootNode() as ShadowRoot).activeElement)), 'focus moves into the modal')
    // The severity icon is a CSS mask (no SVG props for the lean build to map).
    assert.match(
      await modal
        .locator('h3 > span[aria-hidden="true"]')
        .first()
        .evaluate((icon) => getComputedStyle(icon, '::before').maskImage),
      /^url\("data:image\/svg\+xml/,
    )
    await screenshot(page, 'gallery-cloud-status-modal-1280')
    await page.keyboard.press('Escape')
    await modal.waitFor({ state: 'detached' })
    assert.is(await focused(), 'issue-bar', 'focus returns to the bar')
    await popover.waitFor()
    // Escape closes the popover and the bar keeps the focus; focus leaving the bars (focusout on
    // the grid) closes it too.
    await page.keyboard.press('Escape')
    await popover.waitFor({ state: 'detached' })
    assert.is(await focused(), 'issue-bar')
    await page.keyboard.press('Shift+Tab')
    await block.locator('[data-testid="issue-bar"][tabindex="0"]').focus()
    await popover.waitFor()
    await page.keyboard.press('Tab')
    await popover.waitFor({ state: 'detached' })
    // A name with an info tooltip shows it while focused.
    const name = block.locator('[data-info]').first()
    if ((await name.count()) > 0) {
      await name.focus()
      await widget.getByTestId('item-info').waitFor()
      await page.keyboard.press('Escape')
      await widget.getByTestId('item-info').waitFor({ state: 'detached' })
    }
    assert.equal(errors, [])
  },
)

gallery('dc-map.html: the drop-in keeps svgmap’s own styles for the classes svgmap builds at run time (the zoom-in plus)', async (ctx) => {
  const { page, errors } = await openGallery(ctx, 'dc-map.html')
  await widgetsReady(page)
  const controls = await page
    .locator('trust-dc-map')
    .first()
    .evaluate((host) => {
      const root = host.shadowRoot!
      const zoomIn = root.querySelector('.svgMap-zoom-in-button')
      return {
        // '+' is the minus bar and a 3 px wide post.
        plus: zoomIn ? getComputedStyle(zoomIn, '::after').width : null,
        // The controls sit 10 px inside svgmap's default corner, bottom left (svgMap-controls-position-bottomLeft).
        corner: ((style) => [style.left, style.bottom])(getComputedStyle(root.querySelector('.svgMap-map-controls-wrapper')!)),
      }
    })
  assert.equal(controls, { plus: '3px', corner: ['10px', '10px'] })
  assert.equal(errors, [])
})

gallery('kit.html: the one kit.js script defines every tag', async (ctx) => {
  const { page, errors } = await openGallery(ctx, 'kit.html')
  await widgetsReady(page)
  const result = await page.evaluate(
    (tags) => ({
      undefinedTags: tags.filter((t) => !customElements.get(t)),
      shown: [...new Set([...document.querySelectorAll('*')].map((e) => e.localName).filter((n) => n.startsWith('trust-')))].sort(),
      scripts: performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.startsWith('/widgets/') && p.endsWith('.js')),
    }),
    TAGS,
  )
  assert.ok(TAGS.length >= 10, `kit.ts names ${TAGS.length} tags`)
  assert.equal(result.undefinedTags, [])
  assert.equal(result.shown, [...TAGS].sort(), 'one of each widget on the page')
  assert.equal(result.scripts, ['/widgets/kit.js'])
  assert.equal(errors, [])
})

gallery(
  'narrowed elements show only the rows named and their line speaks for those rows; a refused token warns in the console only',
  async (ctx) => {
    const res = await ctx.server.app.inject({ method: 'GET', url: '/auroraedge/api/v2/components.json' })
    const components = (JSON.parse(res.body) as { components: { id: string; name: string; status: string }[] }).components
    /** The tids the lists name, by the names of the cloud's components (not by the widget's own matcher). */
    const tidsNamed = (kind: 'dc' | 'service', names: string[]) =>
      components
        .filter((c) => c.id.includes(`-${kind}-`) && names.includes(c.name))
        .map((c) => c.id.split('-').at(-1)!)
        .sort()
    const { page, errors } = await firstVisitPage(ctx)
    const warnings: string[] = []
    page.on('console', (msg) => {
      if (msg.type() === 'warning') warnings.push(msg.text())
    })
    await page.goto(`${examples.url}/cloud-status.html`)
    await widgetsReady(page)
    const narrowed = page.locator('trust-cloud-status[datacenters]')
    const tids = (kind: string) =>
      narrowed.evaluate(
        (el, k) =>
          [...el.shadowRoot!.querySelectorAll<HTMLElement>(`[data-testid="status-block-${k}"] [data-testid="status-row"]`)]
            .map((r) => r.dataset.tid!)
            .sort(),
        kind,
      )
    const dcs = tidsNamed('dc', ['Frankfurt IV', 'Amsterdam II'])
    const services = tidsNamed('service', ['Web Proxy', 'DNS Security'])
    assert.is(dcs.length, 2, 'the demo cloud has both data centers')
    assert.equal(await tids('datacenter'), dcs)
    assert.equal(await tids('core'), services)
    // The line above them: computed from those rows of components.json.
    const expected = narrowedStatus(components, narrowList('web-proxy,dns-security'), narrowList('frankfurt-iv,amsterdam-ii'))
    const line = narrowed.locator('trust-status-badge [data-testid="overall-status"]')
    await page.waitForFunction((el) => el?.getAttribute('data-kind') !== 'pending', await line.elementHandle())
    assert.is(await line.getAttribute('data-kind'), overallKind(expected))
    assert.is((await line.textContent())!.trim(), expected.description)
    // The example with a token this site refuses: the public timeline, why in a console warning, nothing in the page.
    const withToken = page.locator('trust-cloud-status[token]')
    assert.ok((await withToken.locator('[data-testid="status-row"]').count()) > 0, 'the public rows')
    assert.not.ok((await withToken.evaluate((el) => el.shadowRoot!.textContent!)).includes('token'), 'nothing about the token in the page')
    assert.ok(
      warnings.some((w) => w.startsWith('trust-cloud-status: console token refused: ')),
      `a console warning says why: ${JSON.stringify(warnings)}`,
    )
    assert.equal(errors, [])
  },
)

gallery.run()
