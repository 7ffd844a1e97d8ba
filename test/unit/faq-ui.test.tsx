import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Compliance } from '../../widgets/compliance/Compliance'
import { safeHtml } from '../../widgets/core/safe-html'
import { Faq } from '../../widgets/faq/Faq'
import { HASH_OPEN_DELAY_MS } from '../../widgets/faq/model'
import { withClock } from '../fixtures/clock'
import { mount, serve, settle, typeInto, waitFor } from '../fixtures/dom'

const BODY = [
  '<section id="about"><h2>About this site</h2>',
  '<details id="what-is-it"><summary>What is the trust site?</summary><div><p>The public <strong>status</strong> home.</p><img src="x" onerror="globalThis.__faqPwned=1"><script>globalThis.__faqPwned=1</script></div></details>',
  '<details id="feedback"><summary>How do I give feedback?</summary><div><p>Write <a href="javascript:globalThis.__faqPwned=1">to us</a>.</p></div></details>',
  '</section>',
  '<section id="subs"><h2>Subscriptions</h2>',
  '<details id="how-to-manage-your-subscription"><summary>How to Manage Your Subscription?</summary><div><p>Open /subscribe and press Subscribe All.</p></div></details>',
  '</section>',
].join('')

const faqAnswer = (body = BODY) => ({ data: { page_content: { title: 'Frequently Asked Questions', body } } })
const q = (c: ParentNode, id: string) => c.querySelector<HTMLElement>(`[id="${id}"]`)!
const isOpen = (c: ParentNode, id: string) => q(c, id).dataset.open === 'true'
const marks = (c: ParentNode) => Array.from(c.querySelectorAll('mark'), (m) => m.textContent)

async function mountFaq() {
  const served = serve(() => faqAnswer())
  const m = mount()
  m.root.render(<Faq cloud="alpha" />)
  await waitFor(() => m.container.querySelector('[data-testid="faq-question"]') !== null, 'questions')
  return { ...m, ...served, search: m.container.querySelector<HTMLInputElement>('[data-testid="faq-search"]')! }
}

test('faq: GET /api/basic-page/faq?cloud=, sections as h2 buttons and questions as h3 buttons, all collapsed, hostile HTML inert', async () => {
  const { container, calls, unmount, restore } = await mountFaq()
  assert.equal(calls[0], { path: '/api/basic-page/faq', query: { cloud: 'alpha' } })
  assert.equal(
    Array.from(container.querySelectorAll('h2'), (h) => h.textContent),
    ['About this site', 'Subscriptions'],
  )
  assert.is(container.querySelectorAll('h3 > button[aria-expanded="false"]').length, 3)
  assert.is(container.querySelector('#subs-panel')!.hasAttribute('hidden'), true)
  assert.not.ok(container.innerHTML.includes('<script'))
  assert.not.ok(container.innerHTML.includes('<img'))
  assert.not.ok(container.innerHTML.includes('onerror'))
  assert.not.ok(container.innerHTML.includes('javascript:'))
  assert.is((globalThis as { __faqPwned?: number }).__faqPwned, undefined)
  const label = container.querySelector(`label[for="${container.querySelector('[data-testid="faq-search"]')!.id}"]`)
  assert.is(label?.textContent, 'Search the FAQ')
  unmount()
  restore()
})

test('faq: a click on a section or question button toggles it (aria-expanded, hidden panel)', async () => {
  const { container, unmount, restore } = await mountFaq()
  const sectionButton = container.querySelector<HTMLButtonElement>('#about-heading button')!
  sectionButton.click()
  await waitFor(() => sectionButton.getAttribute('aria-expanded') === 'true', 'section open')
  assert.is(container.querySelector('#about-panel')!.hasAttribute('hidden'), false)
  const questionButton = q(container, 'feedback').querySelector('button')!
  questionButton.click()
  await waitFor(() => isOpen(container, 'feedback'), 'question open')
  assert.is(q(container, 'feedback-answer').hasAttribute('hidden'), false)
  questionButton.click()
  await waitFor(() => !isOpen(container, 'feedback'), 'question closed')
  unmount()
  restore()
})

test('faq search: 2 characters highlight nothing; 3+ highlight and open only matching sections and questions; clearing removes highlights', async () => {
  const { container, search, unmount, restore } = await mountFaq()
  const count = container.querySelector('[data-testid="faq-count"]')!
  typeInto(search, 'su')
  await settle()
  assert.equal(marks(container), [])
  assert.is(count.textContent, '')
  typeInto(search, ' subscri ')
  await waitFor(() => marks(container).length === 4, 'highlights')
  assert.equal(marks(container), ['Subscri', 'Subscri', 'subscri', 'Subscri'])
  assert.is(count.textContent, '4 matches')
  assert.is(count.getAttribute('role'), 'status')
  assert.ok(isOpen(container, 'subs'))
  assert.not.ok(isOpen(container, 'about'))
  assert.ok(isOpen(container, 'how-to-manage-your-subscription'))
  assert.not.ok(isOpen(container, 'feedback'))
  typeInto(search, 'status')
  await waitFor(() => isOpen(container, 'about') && !isOpen(container, 'subs'), 'other section')
  assert.ok(isOpen(container, 'what-is-it'))
  assert.is(count.textContent, '1 match')
  typeInto(search, 'zzzz')
  await waitFor(() => count.textContent === 'No matches', 'no matches')
  typeInto(search, '')
  await waitFor(() => marks(container).length === 0, 'highlights removed')
  assert.is(count.textContent, '')
  unmount()
  restore()
})

test('faq search: Enter with 3+ characters focuses the first visible match; with fewer it does nothing', async () => {
  const { container, search, unmount, restore } = await mountFaq()
  search.focus()
  typeInto(search, 'ab')
  search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
  await settle()
  assert.ok(document.activeElement === search)
  typeInto(search, 'manage')
  await waitFor(() => marks(container).length > 0, 'highlights')
  search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
  await waitFor(() => document.activeElement?.localName === 'mark', 'mark focused')
  assert.is(document.activeElement!.textContent, 'Manage')
  assert.ok(document.activeElement!.closest('[id="how-to-manage-your-subscription"]'))
  unmount()
  restore()
})

test('faq: Expand all opens everything and becomes Collapse all (aria-expanded), and back', async () => {
  const { container, unmount, restore } = await mountFaq()
  const toggle = container.querySelector<HTMLButtonElement>('[data-testid="faq-toggle-all"]')!
  assert.is(toggle.textContent, 'Expand all')
  assert.is(toggle.getAttribute('aria-expanded'), 'false')
  toggle.click()
  await waitFor(() => toggle.textContent === 'Collapse all', 'collapse label')
  assert.is(toggle.getAttribute('aria-expanded'), 'true')
  assert.is(container.querySelectorAll('[hidden]').length, 0)
  toggle.click()
  await waitFor(() => toggle.textContent === 'Expand all', 'expand label')
  assert.is(container.querySelectorAll('button[aria-expanded="true"]').length, 0)
  unmount()
  restore()
})

test('faq deep link: the hash opens its question and section after 1 s, not before; hashchange does it again', async () => {
  location.hash = '#how-to-manage-your-subscription'
  await withClock(async (clock) => {
    const { container, unmount, restore } = await mountFaq()
    await clock.tickAsync(HASH_OPEN_DELAY_MS - 1)
    assert.not.ok(isOpen(container, 'how-to-manage-your-subscription'), 'not before the delay')
    await clock.tickAsync(1)
    await waitFor(() => isOpen(container, 'how-to-manage-your-subscription'), 'question opened')
    assert.ok(isOpen(container, 'subs'))
    await waitFor(
      () => document.activeElement === q(container, 'how-to-manage-your-subscription').querySelector('button'),
      'its button focused',
    )
    location.hash = '#about'
    window.dispatchEvent(new Event('hashchange'))
    await settle() // let the listeners' work land before the clock moves
    await clock.tickAsync(HASH_OPEN_DELAY_MS - 1)
    assert.not.ok(isOpen(container, 'about'), 'not before the delay either')
    await clock.tickAsync(1)
    await waitFor(() => isOpen(container, 'about'), 'section opened by hashchange')
    unmount()
    restore()
  })
  location.hash = ''
})

test('faq: a body without questions is shown as sanitised HTML; a failure shows Retry, which loads again', async () => {
  let n = 0
  const { restore } = serve(() =>
    ++n === 1
      ? new Response('{}', { status: 500, statusText: 'Internal Server Error' })
      : faqAnswer('<h2 id="intro">Intro</h2><p>Plain <b>text</b></p>'),
  )
  const { container, root, unmount } = mount()
  root.render(<Faq cloud="alpha" />)
  await waitFor(() => container.querySelector('[role="alert"]') !== null, 'error')
  container.querySelector<HTMLButtonElement>('[role="alert"] button')!.click()
  await waitFor(() => container.querySelector('[data-testid="faq-html"]') !== null, 'html')
  assert.is(container.querySelector('[data-testid="faq-html"] h2#intro')!.textContent, 'Intro')
  assert.is(container.querySelector('[data-testid="faq-toggle-all"]'), null)
  unmount()
  restore()
})

test('faq: an answer of the wrong shape is an error state, not a crash', async () => {
  const { restore } = serve(() => ({ data: { page_content: { body: 5 } } }))
  const { container, root, unmount } = mount()
  root.render(<Faq cloud="alpha" />)
  await waitFor(() => container.querySelector('[role="alert"]') !== null, 'error')
  assert.match(container.textContent!, 'unexpected shape')
  unmount()
  restore()
})

test('safeHtml: keeps plain ids on h2/h3/section/details and details/summary; drops odd ids; text hook wraps text', async () => {
  const { container, root, unmount } = mount()
  root.render(
    <div>
      {safeHtml(
        '<section id="s1"><h2 id="h">T</h2><details id="d"><summary>Q</summary>A</details><p id="p">x</p><h3 id="bad id">y</h3></section>',
        {
          text: (t) => t.toUpperCase(),
        },
      )}
    </div>,
  )
  await waitFor(() => container.querySelector('section') !== null, 'render')
  assert.ok(container.querySelector('section#s1 > h2#h'))
  assert.ok(container.querySelector('details#d > summary'))
  assert.is(container.querySelector('p')!.id, '')
  assert.is(container.querySelector('h3')!.id, '')
  assert.is(container.querySelector('summary')!.textContent, 'Q')
  assert.is(container.querySelector('p')!.textContent, 'X')
  unmount()
})

test('compliance: GET /api/compliance?cloud=, page top, a captioned table with Description / Estimated approval date and formatted dates', async () => {
  const { calls, restore } = serve(() => ({
    data: {
      page_top: '<p>Top <strong>text</strong><script>globalThis.__compPwned=1</script></p>',
      page_content: [
        { description: '<strong>FedRAMP High</strong>', date: '2027-03-15' },
        { description: 'IRAP', date: '2026-12-01' },
      ],
    },
  }))
  const { container, root, unmount } = mount()
  root.render(<Compliance cloud="alpha" />)
  await waitFor(() => container.querySelector('[data-testid="compliance-table"]') !== null, 'table')
  assert.equal(calls[0], { path: '/api/compliance', query: { cloud: 'alpha' } })
  assert.is(container.querySelector('[data-testid="compliance-top"]')!.innerHTML, '<p>Top <strong>text</strong></p>')
  assert.ok(container.querySelector('caption')!.textContent)
  assert.equal(
    Array.from(container.querySelectorAll('th[scope="col"]'), (th) => th.textContent),
    ['Description', 'Estimated approval date'],
  )
  const rows = Array.from(container.querySelectorAll('[data-testid="compliance-row"]'), (tr) =>
    Array.from(tr.querySelectorAll('td'), (td) => td.textContent),
  )
  assert.equal(rows, [
    ['FedRAMP High', '15 Mar 2027'],
    ['IRAP', '1 Dec 2026'],
  ])
  assert.is((globalThis as { __compPwned?: number }).__compPwned, undefined)
  unmount()
  restore()
})

test("compliance: no rows → 'No rows'; a malformed answer → error with Retry", async () => {
  let n = 0
  const { restore } = serve(() =>
    ++n === 1 ? { data: { page_top: '', page_content: [{ description: 1 }] } } : { data: { page_top: '', page_content: [] } },
  )
  const { container, root, unmount } = mount()
  root.render(<Compliance cloud="alpha" />)
  await waitFor(() => container.querySelector('[role="alert"]') !== null, 'error')
  container.querySelector<HTMLButtonElement>('[role="alert"] button')!.click()
  await waitFor(() => container.querySelector('[data-testid="compliance-empty"]') !== null, 'empty')
  assert.is(container.querySelector('[data-testid="compliance-empty"]')!.textContent, 'No rows')
  assert.is(container.querySelector('table'), null)
  unmount()
  restore()
})

test.run()
