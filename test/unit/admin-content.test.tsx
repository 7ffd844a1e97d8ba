// The admin console's content screens (contract/admin.ts "Content"): the FAQ page with a live
// preview that runs the site's sanitiser over hostile HTML, the compliance page's rows, and that
// the roles decide which of them show a form (jab_compliance: compliance yes, FAQ no).
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement } from 'react'
import type { AdminCompliancePage, AdminFaqPage, ContentData } from '../../contract/admin'
import AdminConsole from '../../shell/admin/AdminConsole'
import { complianceErrors } from '../../shell/admin/ComplianceScreen'
import { clearSession } from '../../shell/accounts/account'
import { sanitizeHtml } from '../../widgets/core/sanitize'
import { choose, mount, serve, type Served, settle, waitFor } from '../fixtures/dom'
import { button, signedInAs } from './admin-fixtures'

const HOSTILE =
  '<p>Hello <b>there</b></p><img src="x" onerror="alert(1)"><script>alert(2)</script>' +
  '<a href="javascript:alert(3)">bad</a><a href="https://ok.example" target="_blank">ok</a>' +
  '<p style="color:red" onclick="alert(4)">styled</p><form><input name="x"></form>'
/** Kept out of the happy-dom tests, which would try to load the frame. */
const IFRAME = '<iframe src="https://evil.example"></iframe>'
const ROOT = join(import.meta.dirname, '../..')

function content(): ContentData {
  return {
    faq: [{ cloud: null, title: 'Frequently asked questions', body: '<details><summary>Q?</summary>A.</details>' }],
    compliance: [
      {
        cloud: 'alpha',
        page_top: '<p>Approvals we work on.</p>',
        rows: [
          { description: 'FedRAMP High', date: '2026-03-01' },
          { description: 'IL5', date: '2026-09-30' },
        ],
      },
      { cloud: 'beta', page_top: '', rows: [] },
    ],
  }
}

/** Types into an input or textarea as a user would (bypassing React's value tracker). */
function typeText(el: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value)
  el.dispatchEvent(new Event('input', { bubbles: true }))
}

function control<T extends HTMLElement = HTMLInputElement>(container: HTMLElement, label: string): T {
  const l = Array.from(container.querySelectorAll('label')).find((x) => x.textContent?.trim() === label)
  assert.ok(l, `label ${label}`)
  const el = container.querySelector<T>(`#${CSS.escape(l!.htmlFor)}`)
  assert.ok(el, `control of ${label}`)
  return el!
}

/** The region labelled "Preview" (there is one per form). */
function preview(container: HTMLElement): HTMLElement {
  const region = Array.from(container.querySelectorAll<HTMLElement>('section[aria-labelledby]')).find(
    (s) => document.getElementById(s.getAttribute('aria-labelledby')!)?.textContent === 'Preview',
  )
  assert.ok(region, 'the Preview region')
  return region!.lastElementChild as HTMLElement
}

function contentApi(onPut: (call: Served) => Response | unknown) {
  return serve((call) => (call.method === 'PUT' ? onPut(call) : { data: content() }))
}

test('preview: hostile HTML comes out clean — no scripts, handlers, styles, frames, forms or javascript: links', () => {
  // happy-dom's NodeIterator stops when the node it stands on is removed, so DOMPurify cannot
  // clean HTML under happy-dom; the preview is rendered in a child process on jsdom (as the
  // server's sanitiser test does), the DOM implementation DOMPurify supports outside browsers.
  const child = `
    const { JSDOM } = await import('jsdom')
    const { register } = await import('node:module')
    const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>')
    globalThis.window = dom.window
    globalThis.document = dom.window.document
    register(${JSON.stringify(pathToFileURL(join(ROOT, 'test/setup/css-hooks.mjs')).href)})
    const { createElement } = await import('react')
    const { renderToStaticMarkup } = await import('react-dom/server')
    const { HtmlPreview } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'shell/admin/HtmlPreview.tsx')).href)})
    process.stdout.write(renderToStaticMarkup(createElement(HtmlPreview, { id: 'p', html: ${JSON.stringify(HOSTILE + IFRAME)} })))
  `
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', child], { cwd: ROOT, encoding: 'utf8' })
  assert.is(run.status, 0, run.stderr)
  const html = run.stdout
  assert.match(html, '<h2 class="', 'the labelled region')
  assert.match(html, '>Preview</h2>')
  assert.match(html, '<p>Hello <b>there</b></p>', 'harmless markup stays')
  for (const banned of ['<script', 'onerror', 'onclick', 'style=', 'javascript:', '<iframe', '<form', '<input']) {
    assert.not.match(html, banned, banned)
  }
  assert.match(html, '<a href="https://ok.example" target="_blank" rel="noopener noreferrer">ok</a>')
})

test('FAQ: the body is edited as HTML with a live preview through the sanitiser, and saved as typed', async () => {
  clearSession()
  signedInAs(['blog_editor'], 'csrf-2')
  const api = contentApi((call) => ({ data: { ...(call.body as AdminFaqPage), body: '<p>Hello <b>there</b></p>' } }))
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'faq' }))
    await waitFor(() => !!container.querySelector('textarea'), 'the form')
    assert.is(container.querySelectorAll('h1').length, 1)
    assert.is(container.querySelector('h1')!.textContent, 'FAQ')
    assert.is(control(container, 'Title').value, 'Frequently asked questions')
    assert.match(preview(container).textContent!, 'Q?', 'the saved body previewed')
    typeText(control<HTMLTextAreaElement>(container, 'Body (HTML)'), HOSTILE)
    await waitFor(() => preview(container).textContent!.includes('Hello'), 'the live preview')
    assert.is(preview(container).innerHTML, sanitizeHtml(HOSTILE), 'what shows is what the sanitiser gives')
    button(container, 'Save FAQ page').click()
    await waitFor(() => !!container.querySelector('[data-testid="save-status"]'), 'saved')
    const put = api.calls.find((c) => c.method === 'PUT')!
    assert.is(put.path, '/api/admin/faq')
    assert.is(put.headers!['X-CSRF-Token'], 'csrf-2')
    assert.equal(put.body, { cloud: null, title: 'Frequently asked questions', body: HOSTILE })
    await waitFor(() => control<HTMLTextAreaElement>(container, 'Body (HTML)').value === '<p>Hello <b>there</b></p>', 'the body as saved')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('FAQ: a cloud without its own page starts empty; the title is required before anything is sent', async () => {
  clearSession()
  signedInAs(['administrator'], 'csrf-2')
  const api = contentApi(
    () => new Response(JSON.stringify({ error: { code: 'unknown_cloud', message: 'No such cloud.' } }), { status: 404 }),
  )
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'faq' }))
    await waitFor(() => !!container.querySelector('select'), 'the page choice')
    const select = control<HTMLSelectElement>(container, 'Page')
    assert.equal(
      Array.from(select.options, (o) => o.textContent),
      ['Shared page (every cloud without its own)', 'alpha (uses the shared page)', 'beta (uses the shared page)'],
    )
    choose(select, 'alpha')
    await waitFor(() => control(container, 'Title').value === '', 'the empty page')
    button(container, 'Save FAQ page').click()
    await waitFor(() => !!container.querySelector('[data-testid="save-errors"]'), 'the title message')
    assert.is(api.calls.filter((c) => c.method === 'PUT').length, 0)
    typeText(control(container, 'Title'), 'Alpha FAQ')
    button(container, 'Save FAQ page').click()
    await waitFor(() => !!container.querySelector('[data-testid="save-failed"]'), 'the server refusal')
    assert.is(container.querySelector('[data-testid="save-failed"]')!.textContent, 'Not saved: No such cloud.')
    assert.equal((api.calls.find((c) => c.method === 'PUT')!.body as AdminFaqPage).cloud, 'alpha')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('roles: jab_compliance gets the compliance form, but the FAQ only read-only', async () => {
  clearSession()
  signedInAs(['jab_compliance'], 'csrf-2')
  const api = contentApi(() => ({}))
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'compliance' }))
    await waitFor(() => !!container.querySelector('form'), 'the compliance form')
    assert.ok(control<HTMLTextAreaElement>(container, 'Page top (HTML)'))
    assert.ok(button(container, 'Save compliance page'))
    assert.not.match(container.textContent!, 'Your roles do not allow')
    root.render(createElement(AdminConsole, { screen: 'faq' }))
    await waitFor(() => container.querySelector('h1')?.textContent === 'FAQ', 'the FAQ screen')
    await waitFor(() => !!container.querySelector('[data-testid="html-preview"]'), 'the FAQ, read-only')
    assert.match(container.textContent!, 'Your roles do not allow you to change the FAQ.')
    assert.is(container.querySelector('form'), null)
    assert.is(container.querySelector('textarea'), null)
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('compliance: rows are added, moved and removed; dates are date inputs; the page is saved in order', async () => {
  clearSession()
  signedInAs(['jab_compliance'], 'csrf-2')
  const api = contentApi((call) => ({ data: { cloud: 'alpha', ...(call.body as object) } satisfies Partial<AdminCompliancePage> }))
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'compliance' }))
    await waitFor(() => !!container.querySelector('form'), 'the form')
    assert.is(control(container, 'Estimated approval date of row 1').type, 'date')
    assert.match(preview(container).innerHTML, 'Approvals we work on.')
    button(container, 'Add row').click()
    await waitFor(() => !!container.querySelector('[aria-label="Move row 3 up"]'), 'row 3')
    await waitFor(() => document.activeElement === control(container, 'Description of row 3 (HTML)'), 'focus on the new row')
    button(container, 'Save compliance page').click()
    await waitFor(() => !!container.querySelector('[data-testid="save-errors"]'), 'the row messages')
    assert.equal(
      Array.from(container.querySelectorAll('[data-testid="save-errors"] li'), (li) => li.textContent),
      ['Row 3: the description is required.', 'Row 3: the date is required (YYYY-MM-DD).'],
    )
    typeText(control<HTMLTextAreaElement>(container, 'Description of row 3 (HTML)'), 'SOC 2')
    typeText(control(container, 'Estimated approval date of row 3'), '2026-01-15')
    button(container, 'Move row 3 up').click()
    await waitFor(() => control<HTMLTextAreaElement>(container, 'Description of row 2 (HTML)').value === 'SOC 2', 'moved up')
    await waitFor(() => document.activeElement?.getAttribute('aria-label') === 'Move row 2 up', 'focus follows the row')
    button(container, 'Remove row 1').click()
    await waitFor(() => control<HTMLTextAreaElement>(container, 'Description of row 1 (HTML)').value === 'SOC 2', 'removed')
    await settle()
    button(container, 'Save compliance page').click()
    await waitFor(() => !!container.querySelector('[data-testid="save-status"]'), 'saved')
    const put = api.calls.find((c) => c.method === 'PUT')!
    assert.is(put.path, '/api/admin/compliance/alpha')
    assert.equal(put.body, {
      page_top: '<p>Approvals we work on.</p>',
      rows: [
        { description: 'SOC 2', date: '2026-01-15' },
        { description: 'IL5', date: '2026-09-30' },
      ],
    })
    choose(control<HTMLSelectElement>(container, 'Cloud'), 'beta')
    await waitFor(() => container.textContent!.includes('No rows.'), 'the other cloud')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('compliance: the form checks each row for a description and a YYYY-MM-DD date', () => {
  assert.equal(complianceErrors([{ description: 'x', date: '2026-02-01' }]), [])
  assert.equal(complianceErrors([{ description: ' ', date: '01/02/2026' }]), [
    'Row 1: the description is required.',
    'Row 1: the date is required (YYYY-MM-DD).',
  ])
})

test.run()
