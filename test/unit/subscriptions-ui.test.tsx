import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { COOKIE, removeCookie, writeCookie } from '../../widgets/core/cookies'
import type { GlobalData, MenuItem } from '../../contract/global'
import { SignInRequiredEvent } from '../../widgets/core/events'
import { $global } from '../../widgets/core/global'
import { $session } from '../../widgets/core/session'
import { $toast } from '../../widgets/core/toast'
import { Subscriptions, SubscriptionsErrorEvent, SubscriptionsWidget } from '../../widgets/subscriptions/Subscriptions'
import { $toast as shellToast } from '../../shell/toast'
import { choose, mount, serve, settle, waitFor, type Served } from '../fixtures/dom'
import { clouds, item as menuItem, siteGlobal } from '../fixtures/global'
import { notificationTree, tree } from './subscriptions-fixtures'
import { faqHelpHref } from '../../widgets/subscriptions/model'

const q = <T extends HTMLElement = HTMLElement>(c: ParentNode, sel: string) => c.querySelector<T>(sel)!
const star = (c: ParentNode, tid: number | string) => q<HTMLButtonElement>(c, `[data-testid="star"][data-tid="${tid}"]`)
const loaded = (c: HTMLElement) => () => c.querySelector('[data-testid="cloud-subscriptions"]') !== null
/** The site's global data with no main menu and no SSO alias; `over` replaces whole fields. */
const bareGlobal = (over: Partial<GlobalData> = {}) =>
  siteGlobal({ menu: { main_menu: [], top_menu: [] }, sso: { alias: '', employee_domains: [] }, ...over })

function signIn() {
  writeCookie(COOKIE.csrfToken, 'csrf-123')
  writeCookie(COOKIE.logoutToken, 'logout-456')
}
function signOut() {
  removeCookie(COOKIE.csrfToken)
  removeCookie(COOKIE.logoutToken)
  $session.setKey('isLoggedIn', false)
}

/** Stubs `location.assign`, returning what it was asked to open. */
function stubAssign(): { opened: string[]; restore: () => void } {
  const opened: string[] = []
  ;(location as unknown as { assign: (u: string) => void }).assign = (u) => void opened.push(u)
  return { opened, restore: () => void delete (location as unknown as { assign?: unknown }).assign }
}

/** A server that keeps a tree and answers every call of the contract. */
function api(options: { fail?: (call: Served) => Response | undefined } = {}) {
  let cloudTree = tree()
  let notes = notificationTree()
  return serve((call) => {
    const failed = options.fail?.(call)
    if (failed) return failed
    const body = call.body as Record<string, unknown> | undefined
    switch (call.path) {
      case '/api/subscriptions':
        return { data: { ...cloudTree, cloud: body?.cloud } }
      case '/api/subscribe': {
        const subscribed = body!.action === 'subscribe' ? '1' : '0'
        const names: Record<string, string> = {
          '301': 'Amsterdam II',
          '300': 'EMEA',
          core_cloud_services: 'Core Cloud Services',
          all: 'all',
        }
        cloudTree = structuredClone(cloudTree)
        if (body!.tid === 301) cloudTree.datacenter.category[0].subCategory[0].subscribed = subscribed
        if (body!.tid === 'core_cloud_services') {
          cloudTree.core_cloud_services[0].subscribed = subscribed
          for (const s of cloudTree.core_cloud_services[0].subCategory) s.subscribed = subscribed
        }
        cloudTree.subscriptions_count += body!.action === 'subscribe' ? 1 : -1
        return { data: { tid: String(body!.tid), action: body!.action, name: names[String(body!.tid)] ?? '?', subscriptions: cloudTree } }
      }
      case '/api/advisory_minimum':
        cloudTree = { ...cloudTree, advisory_minimum: body!.minimum as 'Medium' | 'High' | 'Critical' | null }
        return { data: cloudTree }
      case '/api/user_notifications':
        return { data: notes }
      case '/api/notification_manage_subscription': {
        notes = structuredClone(notes)
        if (body!.tid === '12') notes.terms.url_change_notification!.categories[1].notification_subcategory_sub_status = '1'
        return { data: { tid: String(body!.tid), action: body!.action, name: body!.tid === 'all' ? 'all' : 'News', notifications: notes } }
      }
    }
    return new Response('{}', { status: 404, statusText: 'Not Found' })
  })
}

test('renders the heading with the count, the help link, a tab per cloud plus Notifications, and the sections', async () => {
  signIn()
  const { calls, restore } = api()
  const { container, root, unmount } = mount()
  root.render(<Subscriptions clouds={clouds} initialCloud="beta" />)
  await waitFor(loaded(container), 'cloud tab')
  assert.is(q(container, 'h1').textContent, 'Manage Subscriptions')
  await waitFor(() => container.querySelector('[data-testid="subscriptions-count"]')?.textContent === '1 subscription', 'count')
  assert.is(container.querySelector('[data-testid="subscriptions-help"]'), null, 'no FAQ given: no help link')
  const tabs = [...container.querySelectorAll('[role="tab"]')]
  assert.equal(
    tabs.map((t) => t.textContent),
    ['alpha.net', 'beta.net', 'private.gamma.com', 'Notifications'],
  )
  assert.equal(
    tabs.map((t) => t.getAttribute('aria-selected')),
    ['false', 'true', 'false', 'false'],
    'the store cloud is selected',
  )
  assert.equal(calls[0].body, { cloud: 'beta' })
  assert.is(calls[0].method, 'POST')
  assert.equal(
    [...container.querySelectorAll('h2')].map((h) => h.textContent),
    ['Maintenance', 'Advisory', 'Cloud Status'],
  )
  assert.equal(
    [...container.querySelectorAll('h3')].map((h) => h.textContent),
    ['Core Cloud Services', 'Public Data Center'],
    'no premium without regions',
  )
  assert.is(container.querySelectorAll('[data-testid="region"]').length, 2)
  const amsterdam = star(container, 301)
  assert.is(amsterdam.getAttribute('aria-label'), 'Subscribe to Amsterdam II')
  assert.is(amsterdam.getAttribute('aria-pressed'), 'false')
  assert.is(star(container, 102).getAttribute('aria-label'), 'Unsubscribe from Firewall')
  assert.is(q(container, '[data-testid="group-core_cloud_services"] legend').textContent, 'Core Cloud Services: subscribe to')
  unmount()
  restore()
})

test('the Advisory section chooses a minimum CVSS rating: four choices, one call with CSRF, the toast, the answer shown', async () => {
  const { container, root, unmount } = mount()
  const { calls, restore } = api()
  signIn()
  root.render(<Subscriptions clouds={clouds} initialCloud="alpha" />)
  const select = () => q<HTMLSelectElement>(container, '[data-testid="advisory-minimum"]')
  await waitFor(() => container.querySelector('[data-testid="advisory-minimum"]') !== null, 'the choice')
  assert.ok(q(container, '[data-testid="section-advisory"]').contains(select()), 'in the Advisory section')
  assert.equal(
    [...select().options].map((o) => [o.value, o.textContent]),
    [
      ['', 'All advisories'],
      ['Medium', 'Medium and above'],
      ['High', 'High and above'],
      ['Critical', 'Critical only'],
    ],
  )
  assert.is(select().value, '', 'every advisory at first')
  assert.is(q(container, `label[for="${select().id}"]`).textContent, 'Send advisories rated')
  assert.match(q(container, `#${CSS.escape(select().getAttribute('aria-describedby')!)}`).textContent!, 'without a score')

  choose(select(), 'High')
  await waitFor(() => $toast.get()?.text === 'Advisories: High and above.', 'toast')
  const call = calls.find((c) => c.path === '/api/advisory_minimum')!
  assert.equal(call.body, { cloud: 'alpha', minimum: 'High' })
  assert.is(call.headers!['X-CSRF-Token'], 'csrf-123')
  assert.is(select().value, 'High')

  await waitFor(() => !select().disabled, 'enabled again')
  choose(select(), '')
  await waitFor(() => $toast.get()?.text === 'Advisories: All advisories.', 'back to all')
  assert.equal(calls.at(-1)!.body, { cloud: 'alpha', minimum: null })
  assert.is(select().value, '')
  unmount()
  restore()
})

test('tabs: arrow keys move and select; the Notifications tab lists types with categories and its own count', async () => {
  signIn()
  const { calls, restore } = api()
  const { container, root, unmount } = mount()
  root.render(<Subscriptions clouds={clouds} initialCloud="gamma" faqHref="/help#subs" />)
  await waitFor(loaded(container), 'cloud tab')
  const help = q<HTMLAnchorElement>(container, '[data-testid="subscriptions-help"]')
  assert.is(help.textContent, 'How to Manage Your Subscription?')
  assert.is(help.getAttribute('href'), '/help#subs')
  const selected = () => q(container, '[role="tab"][aria-selected="true"]')
  selected().dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }))
  await waitFor(() => container.querySelector('[data-testid="notification-subscriptions"]') !== null, 'notifications tab')
  assert.is(selected().textContent, 'Notifications')
  assert.is(calls.at(-1)!.path, '/api/user_notifications')
  await waitFor(
    () => container.querySelector('[data-testid="subscriptions-count"]')?.textContent === '2 subscriptions',
    'notification count',
  )
  assert.equal(
    [...container.querySelectorAll('h2')].map((h) => h.textContent),
    ['URL Category Notifications', 'Cloud App Notifications'],
  )
  assert.ok(star(container, 21).disabled, 'a type in All mode disables its categories')
  assert.is(star(container, 11).getAttribute('aria-pressed'), 'true')

  star(container, 12).click()
  await waitFor(() => star(container, 12).getAttribute('aria-pressed') === 'true', 'category subscribed')
  assert.equal(calls.at(-1)!.body, { tid: '12', action: 'subscribe' })
  assert.is($toast.get()?.text, 'You have successfully subscribed to the News notifications.')

  await waitFor(() => !q<HTMLButtonElement>(container, '[data-testid="unsubscribe-all"]').disabled, 'controls enabled again')
  q<HTMLButtonElement>(container, '[data-testid="unsubscribe-all"]').click()
  await waitFor(() => $toast.get()?.text === 'You have successfully unsubscribed from all the service notifications.', 'all toast')
  assert.equal(calls.at(-1)!.body, { tid: 'all', action: 'unsubscribe' })

  selected().dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }))
  await waitFor(() => selected().textContent === 'alpha.net', 'Home')
  await waitFor(loaded(container), 'alpha tab')
  assert.equal(calls.at(-1)!.body, { cloud: 'alpha' })
  unmount()
  restore()
})

test('a star posts {cloud, tid, action} with the CSRF header, is disabled while pending, then updates from the answer with a toast', async () => {
  signIn()
  let release: () => void = () => {}
  const gate = new Promise<void>((r) => (release = r))
  const { calls, restore } = api()
  const served = globalThis.fetch
  globalThis.fetch = (async (input: string, init?: RequestInit) => {
    if (String(input).endsWith('/api/subscribe')) await gate
    return served(input, init)
  }) as typeof fetch
  const { container, root, unmount } = mount()
  root.render(<Subscriptions clouds={clouds} initialCloud="alpha" />)
  await waitFor(loaded(container), 'cloud tab')
  star(container, 301).click()
  await waitFor(() => star(container, 301).disabled, 'disabled while pending')
  release()
  await waitFor(() => star(container, 301).getAttribute('aria-pressed') === 'true', 'subscribed')
  const call = calls.find((c) => c.path === '/api/subscribe')!
  assert.is(call.method, 'POST')
  assert.equal(call.body, { cloud: 'alpha', tid: 301, action: 'subscribe' })
  assert.is(call.headers!['X-CSRF-Token'], 'csrf-123')
  assert.not.ok(star(container, 301).disabled)
  assert.is(star(container, 301).getAttribute('aria-label'), 'Unsubscribe from Amsterdam II')
  assert.is($toast.get()?.text, 'You have successfully subscribed to the Amsterdam II notifications.')
  assert.is(shellToast, $toast, 'the shell re-exports the shared store')
  await waitFor(() => q(container, '[data-testid="subscriptions-count"]').textContent === '2 subscriptions', 'count from the answer')

  star(container, 300).click()
  await waitFor(() => calls.at(-1)!.path === '/api/subscribe' && (calls.at(-1)!.body as { tid: number }).tid === 300, 'region star')
  assert.equal(calls.at(-1)!.body, { cloud: 'alpha', tid: 300, action: 'subscribe' })
  await waitFor(() => $toast.get()?.text === 'You have successfully subscribed to the EMEA notifications.', 'region toast')

  await waitFor(() => !q<HTMLButtonElement>(container, '[data-testid="subscribe-all"]').disabled, 'controls enabled again')
  q<HTMLButtonElement>(container, '[data-testid="subscribe-all"]').click()
  await waitFor(() => $toast.get()?.text === 'You have successfully subscribed to all the services.', 'all toast')
  assert.equal(calls.at(-1)!.body, { cloud: 'alpha', tid: 'all', action: 'subscribe' })
  unmount()
  globalThis.fetch = served
  restore()
})

test('All / Individual: All subscribes the group and disables its items; Individual makes no call and enables them', async () => {
  signIn()
  const { calls, restore } = api()
  const { container, root, unmount } = mount()
  root.render(<Subscriptions clouds={clouds} initialCloud="alpha" />)
  await waitFor(loaded(container), 'cloud tab')
  const group = () => q(container, '[data-testid="group-core_cloud_services"]')
  assert.is(group().dataset.mode, 'individual')
  q<HTMLInputElement>(group(), '[data-testid="mode-all"]').click()
  await waitFor(() => group().dataset.mode === 'all', 'All mode')
  assert.equal(calls.at(-1)!.body, { cloud: 'alpha', tid: 'core_cloud_services', action: 'subscribe' })
  assert.is($toast.get()?.text, 'You have successfully subscribed to the Core Cloud Services notifications.')
  assert.ok(star(container, 101).disabled && star(container, 102).disabled)
  assert.is(star(container, 101).getAttribute('aria-pressed'), 'true')

  const before = calls.length
  q<HTMLInputElement>(group(), '[data-testid="mode-individual"]').click()
  await waitFor(() => group().dataset.mode === 'individual', 'Individual mode')
  await settle()
  assert.is(calls.length, before, 'no server call')
  assert.not.ok(star(container, 101).disabled)
  assert.is(star(container, 101).getAttribute('aria-pressed'), 'true', 'still subscribed')
  unmount()
  restore()
})

test('a failing call keeps the state and shows an alert', async () => {
  signIn()
  const { restore } = api({
    fail: (c) =>
      c.path === '/api/subscribe'
        ? new Response(JSON.stringify({ error: { code: 'unknown_tid', message: 'Unknown term.' } }), {
            status: 404,
            statusText: 'Not Found',
          })
        : undefined,
  })
  const { container, root, unmount } = mount()
  root.render(<Subscriptions clouds={clouds} initialCloud="alpha" />)
  await waitFor(loaded(container), 'cloud tab')
  $toast.set(null)
  star(container, 301).click()
  await waitFor(() => container.querySelector('[data-testid="subscriptions-alert"]') !== null, 'alert')
  assert.is(q(container, '[data-testid="subscriptions-alert"]').getAttribute('role'), 'alert')
  assert.ok(q(container, '[data-testid="subscriptions-alert"]').textContent!.includes('Unknown term.'))
  assert.is(star(container, 301).getAttribute('aria-pressed'), 'false')
  assert.not.ok(star(container, 301).disabled)
  assert.is($toast.get(), null)
  unmount()
  restore()
})

test('a malformed answer is an error state, and signed in it raises trust-subscriptions-error then opens the default page', async () => {
  signIn()
  const { restore } = serve(() => ({ data: { maintenance: 'nope' } }))
  const nav = stubAssign()
  const seen: SubscriptionsErrorEvent[] = []
  const listener = (e: Event) => void seen.push(e as SubscriptionsErrorEvent)
  document.addEventListener('trust-subscriptions-error', listener)
  $global.set({ loading: false, data: bareGlobal() })
  const { container, root, unmount } = mount()
  root.render(<SubscriptionsWidget cloud="beta" />)
  await waitFor(() => container.querySelector('[role="alert"]') !== null, 'error state')
  assert.ok(q(container, '[role="alert"]').textContent!.includes('unexpected shape'))
  await waitFor(() => seen.length === 1, 'event')
  assert.instance(seen[0], SubscriptionsErrorEvent)
  assert.ok(seen[0].bubbles && seen[0].composed && seen[0].cancelable)
  assert.is(seen[0].detail.tab, 'beta')
  assert.equal(nav.opened, ['/beta.net/cloud-status'])
  document.removeEventListener('trust-subscriptions-error', listener)
  unmount()
  nav.restore()
  restore()
  $global.set({ loading: false })
})

test('a cancelled trust-subscriptions-error keeps the page (a 500 on load, signed in)', async () => {
  signIn()
  const { restore } = serve(() => new Response('boom', { status: 500, statusText: 'Internal Server Error' }))
  const nav = stubAssign()
  const listener = (e: Event) => e.preventDefault()
  document.addEventListener('trust-subscriptions-error', listener)
  $global.set({ loading: false, data: bareGlobal() })
  const { container, root, unmount } = mount()
  root.render(<SubscriptionsWidget />)
  await waitFor(() => container.querySelector('[role="alert"]') !== null, 'error state')
  assert.ok(q(container, '[role="alert"]').textContent!.includes('Internal Server Error'))
  await settle()
  assert.equal(nav.opened, [])
  document.removeEventListener('trust-subscriptions-error', listener)
  unmount()
  nav.restore()
  restore()
  $global.set({ loading: false })
})

test('the help link goes to the FAQ page of the main menu, absolute or deep-linked, unless hidden; none without one', () => {
  const faq = (extra: Partial<MenuItem> = {}) => menuItem('FAQ', 'faq', 'faq', { deep_link: false, ...extra })
  const [alpha, beta] = clouds
  assert.is(faqHelpHref([menuItem('Home', '', 'home'), faq()], alpha), '/faq#how-to-manage-your-subscription')
  assert.is(faqHelpHref([faq({ deep_link: true })], beta), '/beta.net/faq#how-to-manage-your-subscription')
  // In a sub-menu; per cloud route.
  const help = menuItem('Help', 'help', '', { sub_menus: [faq({ route: { commercial: 'faq', beta: 'beta-faq' } })] })
  assert.is(faqHelpHref([help], beta), '/beta-faq#how-to-manage-your-subscription')
  assert.is(faqHelpHref([faq({ hide_from_clouds: ['alpha'] })], alpha), '', 'hidden for the cloud: no FAQ page there')
  assert.is(faqHelpHref([menuItem('Home', '', 'home'), menuItem('Compliance', 'compliance', 'compliance')], alpha), '')
  assert.is(faqHelpHref([], undefined), '', 'a new site: no menu yet')
})

test('widget: the help link only when the site has an FAQ page (a new site has none: no link to "Page not found")', async () => {
  signIn()
  const { restore } = api()
  const show = async (mainMenu: MenuItem[], props: { faqHref?: string } = {}) => {
    $global.set({ loading: false, data: bareGlobal({ menu: { main_menu: mainMenu, top_menu: [] } }) })
    const { container, root, unmount } = mount()
    root.render(<SubscriptionsWidget cloud="beta" {...props} />)
    await waitFor(loaded(container), 'cloud tab')
    const href = container.querySelector('[data-testid="subscriptions-help"]')?.getAttribute('href') ?? null
    unmount()
    return href
  }
  try {
    assert.is(await show([menuItem('Home', '', 'home')]), null)
    assert.is(await show([menuItem('FAQ', 'faq', 'faq')]), '/beta.net/faq#how-to-manage-your-subscription')
    assert.is(await show([menuItem('FAQ', 'faq', 'faq', { hide_from_clouds: ['beta'] })]), null)
    assert.is(await show([], { faqHref: 'https://help.example/subscriptions' }), 'https://help.example/subscriptions', 'the attribute wins')
  } finally {
    restore()
    $global.set({ loading: false })
  }
})

test('signed out: trust-sign-in-required, then /sign-in?subscribe=1; no subscriptions call', async () => {
  signOut()
  const { calls, restore } = serve(() => ({ data: tree() }))
  const nav = stubAssign()
  const seen: Event[] = []
  const listener = (e: Event) => void seen.push(e)
  document.addEventListener('trust-sign-in-required', listener)
  const { container, root, unmount } = mount()
  root.render(<SubscriptionsWidget cloud="alpha" />)
  await waitFor(() => seen.length === 1, 'event')
  assert.instance(seen[0], SignInRequiredEvent)
  assert.equal((seen[0] as SignInRequiredEvent).detail, { reason: 'subscribe' })
  assert.equal(nav.opened, ['/sign-in?subscribe=1'])
  await settle()
  assert.not.ok(calls.some((c) => c.path === '/api/subscriptions'))
  assert.ok(container.textContent!.includes('sign in'))
  document.removeEventListener('trust-sign-in-required', listener)
  unmount()
  nav.restore()
  restore()
})

test.run()
