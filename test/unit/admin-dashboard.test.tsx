// The admin console's read-mostly screens (contract/admin.ts): the dashboard with its outbox and
// Retry, the staff and their roles, the audit log with before/after and paging — each reflecting
// the permission (`outbox`, `staff`) the user's roles grant.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement } from 'react'
import type { AuditData, CatalogData, DashboardData, StaffData } from '../../contract/admin'
import AdminConsole from '../../shell/admin/AdminConsole'
import { prettyJson } from '../../shell/admin/AuditScreen'
import { clearSession } from '../../shell/accounts/account'
import { $session } from '../../widgets/core/session'
import { mount, serve, settle, toggle, typeInto, waitFor } from '../fixtures/dom'
import { auth, button, deskCatalog, signedInAs } from './admin-fixtures'

function dashboard(failed = 1): DashboardData {
  return {
    now: '2026-05-01T12:00:00.000Z',
    clouds: [
      {
        machine_name: 'alpha',
        title: 'alpha.net',
        domain: 'alpha.net',
        live: [
          {
            id: 12,
            type: 'incident',
            title: 'Slow sign-in',
            status: 'In Progress',
            severity: 'Service Disruption',
            from: '2026-05-01T11:00:00.000Z',
            to: null,
            href: '/alpha.net/posts/12',
          },
        ],
        upcoming: [],
        subscribers: [{ target: 'all', label: 'All notifications', count: 3 }],
      },
    ],
    notification_subscribers: [{ target: 'cloud_app', label: 'Cloud application notifications', count: 4 }],
    outbox: {
      delivery: 'smtp',
      sender: 'Alpha Trust <no-reply@status.alpha.example>',
      queued: 1,
      sent: 1,
      failed,
      oldest_queued: '2026-05-01T10:00:00.000Z',
      oldest_queued_seconds: 7200,
      sent_per_second: 0,
      fanouts: [],
      messages: [
        {
          id: 5,
          to: 'bob@customer.example',
          subject: 'Incident',
          state: 'failed',
          attempts: 5,
          error: '550 mailbox unavailable',
          created: '2026-05-01T10:00:00.000Z',
          sent_at: null,
        },
        {
          id: 6,
          to: 'eve@customer.example',
          subject: 'Maintenance',
          state: 'queued',
          attempts: 1,
          error: null,
          created: '2026-05-01T10:00:00.000Z',
          sent_at: null,
        },
        {
          id: 7,
          to: 'amy@customer.example',
          subject: 'Advisory',
          state: 'sent',
          attempts: 1,
          error: null,
          created: '2026-05-01T09:00:00.000Z',
          sent_at: '2026-05-01T09:00:05.000Z',
        },
      ],
    },
  }
}

/** A catalogue with every setup step done: the dashboard folds the steps away (admin-first-run.test.tsx). */
function setUpCatalog(): CatalogData {
  const data = deskCatalog()
  const home = { label: 'Home', route: '', component: 'home', deep_link: true, hide_from_clouds: [], sub_menus: [] }
  const dc = { name: 'Amsterdam II', city: 'Amsterdam', country: 'NL', region: 'EMEA', latitude: 52.37, longitude: 4.9, clouds: [] }
  return { ...data, catalog: { ...data.catalog, data_centers: [dc], main_menu: [home] } }
}

const cells = (row: Element) => Array.from(row.children, (c) => c.textContent)

test('dashboard: live records per cloud with status and severity as text; subscriber tables; the outbox', async () => {
  clearSession()
  signedInAs(['customer_success_manager'], 'csrf-3', { timezone: 'UTC' })
  const api = serve((call) => (call.path === '/api/admin/catalog' ? { data: setUpCatalog() } : { data: dashboard() }))
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'dashboard' }))
    await waitFor(() => !!container.querySelector('#admin-outbox'), 'the dashboard')
    assert.equal(
      api.calls.map((c) => c.path).sort(),
      ['/api/admin/catalog', '/api/admin/dashboard'],
      'the dashboard and the catalogue of its setup steps',
    )
    const headings = Array.from(container.querySelectorAll('h1, h2, h3'), (h) => `${h.tagName} ${h.textContent}`)
    assert.equal(headings, [
      'H1 Dashboard',
      'H2 Mail outbox',
      'H2 Notification subscribers',
      'H2 alpha.net alpha.net',
      'H3 Live now',
      'H3 Next 7 days',
      'H3 Subscribers',
    ])
    const live = container.querySelector<HTMLAnchorElement>('a[href="/alpha.net/posts/12"]')!
    assert.is(live.textContent, 'Slow sign-in')
    const line = live.closest('li')!.textContent!
    assert.match(line, 'Incident · Status: In Progress · Severity: Service Disruption · Fri, 01 May 2026 11:00:00 UTC to ongoing')
    assert.match(container.textContent!, 'Nothing scheduled in the next 7 days.')
    const tables = container.querySelectorAll('table')
    assert.equal(cells(tables[1].querySelector('tbody tr')!), ['Cloud application notifications', '4'])
    assert.equal(cells(tables[2].querySelector('tbody tr')!), ['All notifications', '3'])
    assert.equal(
      Array.from(container.querySelectorAll('dl dt, dl dd'), (e) => e.textContent),
      ['Queued', '1', 'Sent', '1', 'Failed', '1'],
    )
    const first = tables[0].querySelector('tbody tr')!
    assert.equal(cells(first).slice(0, 5), ['bob@customer.example', 'Incident', 'Failed', '5', '550 mailbox unavailable'])
    assert.is(container.querySelectorAll('table button').length, 0, 'no Retry without the outbox permission')
    assert.match(container.textContent!, 'Your roles do not allow you to change the mail outbox.')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('dashboard: Retry re-queues a failed or queued message, reloads and says so; a refusal is an alert', async () => {
  clearSession()
  signedInAs(['trust_admin'], 'csrf-3', { timezone: 'UTC' })
  let loads = 0
  const api = serve((call) => {
    if (call.method === 'POST' && call.path === '/api/admin/outbox/6/retry') {
      return new Response(JSON.stringify({ error: { code: 'invalid', message: 'The message was already sent.' } }), { status: 400 })
    }
    if (call.method === 'POST') return { data: { ...dashboard().outbox.messages[0], state: 'queued', attempts: 0 } }
    if (call.path === '/api/admin/catalog') return { data: setUpCatalog() }
    loads++
    return { data: dashboard(loads > 1 ? 0 : 1) }
  })
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'dashboard' }))
    await waitFor(() => !!container.querySelector('table button'), 'the Retry buttons')
    assert.equal(
      Array.from(container.querySelectorAll('table button'), (b) => b.getAttribute('aria-label')),
      ['Retry the mail to bob@customer.example: Incident', 'Retry the mail to eve@customer.example: Maintenance'],
      'none for the sent one',
    )
    button(container, 'Retry the mail to bob@customer.example: Incident').click()
    await waitFor(() => !!container.querySelector('[data-testid="outbox-message"]'), 'the status line')
    const message = container.querySelector('[data-testid="outbox-message"]')!
    assert.is(message.getAttribute('role'), 'status')
    assert.is(message.textContent, 'The mail to bob@customer.example is queued again.')
    const retry = api.calls.find((c) => c.method === 'POST')!
    assert.is(retry.path, '/api/admin/outbox/5/retry')
    assert.is(retry.headers!['X-CSRF-Token'], 'csrf-3')
    await waitFor(() => loads === 2, 'the reload')
    await waitFor(() => container.querySelectorAll('dl dd')[2]?.textContent === '0', 'the new counts')
    button(container, 'Retry the mail to eve@customer.example: Maintenance').click()
    await waitFor(() => container.querySelector('[data-testid="outbox-message"]')?.getAttribute('role') === 'alert', 'the refusal')
    assert.match(container.querySelector('[data-testid="outbox-message"]')!.textContent!, 'The message was already sent.')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

function staff(): StaffData {
  return {
    staff: [
      { uid: 1, name: 'Ann', mail: 'ann@vendor.example', roles: ['administrator'], last_login: '2026-04-30T08:00:00.000Z' },
      { uid: 2, name: 'Ben', mail: 'ben@vendor.example', roles: ['blog_editor'], last_login: null },
    ],
    roles: ['administrator', 'blog_editor', 'jab_compliance', 'trust_admin'],
  }
}

test('staff: administrators change roles per member and add staff by email; others only read', async () => {
  clearSession()
  signedInAs(['administrator'], 'csrf-3', { timezone: 'UTC' })
  const api = serve((call) => {
    if (call.method === 'PUT') {
      const body = call.body as { mail: string; roles: string[] }
      return { data: { uid: 9, name: body.mail, mail: body.mail, roles: [...body.roles].sort(), last_login: null } }
    }
    return { data: staff() }
  })
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'staff' }))
    await waitFor(() => !!container.querySelector('tbody tr'), 'the table')
    const ben = container.querySelectorAll('tbody tr')[1]
    assert.match(ben.textContent!, 'Never')
    const jab = Array.from(ben.querySelectorAll('label')).find((l) => l.textContent === 'jab compliance for ben@vendor.example')!
    assert.ok(jab, 'each checkbox names the role and the member')
    assert.is(button(container, 'Save roles of ben@vendor.example').getAttribute('aria-disabled'), 'true', 'nothing changed yet')
    toggle(jab.querySelector('input')!)
    await waitFor(() => button(container, 'Save roles of ben@vendor.example').getAttribute('aria-disabled') === null, 'changed')
    button(container, 'Save roles of ben@vendor.example').click()
    await waitFor(() => !!container.querySelector('[data-testid="save-status"]'), 'saved')
    assert.equal(api.calls.find((c) => c.method === 'PUT')!.body, { mail: 'ben@vendor.example', roles: ['blog_editor', 'jab_compliance'] })
    assert.is(
      container.querySelector('[data-testid="save-status"]')!.textContent,
      'Saved. ben@vendor.example now has the roles: blog editor, jab compliance.',
    )

    button(container, 'Add staff member').click()
    await waitFor(() => !!container.querySelector('[data-testid="save-errors"]'), 'the form messages')
    typeInto(container.querySelector<HTMLInputElement>('#admin-staff-mail')!, 'cat@vendor.example')
    const addForm = container.querySelector('form')!
    toggle(
      Array.from(addForm.querySelectorAll('label'))
        .find((l) => l.textContent === 'trust admin')!
        .querySelector('input')!,
    )
    await settle()
    button(container, 'Add staff member').click()
    await waitFor(
      () => container.querySelector('[data-testid="save-status"]')?.textContent === 'Saved. cat@vendor.example is on the staff.',
      'added',
    )
    assert.equal(api.calls.filter((c) => c.method === 'PUT')[1].body, { mail: 'cat@vendor.example', roles: ['trust_admin'] })

    $session.setKey('apiData', auth(['trust_admin']))
    await waitFor(() => !container.querySelector('form'), 'read-only for trust_admin')
    assert.match(container.textContent!, 'Your roles do not allow you to change staff accounts.')
    assert.is(container.querySelectorAll('tbody input').length, 0)
    assert.equal(cells(container.querySelectorAll('tbody tr')[0]).slice(1, 2), ['administrator'])
    assert.not.ok(
      Array.from(container.querySelectorAll('nav[aria-label="Admin"] a'), (a) => a.textContent).includes('Staff'),
      'no Staff link for trust_admin',
    )
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('audit log: when, who, action, target; before/after pretty-printed in a disclosure; Previous and Next', async () => {
  clearSession()
  signedInAs(['customer_success_manager'], 'csrf-3', { timezone: 'UTC' })
  const page = (n: number): AuditData => ({
    entries: [
      {
        id: 100 - n,
        at: '2026-05-01T12:00:00.000Z',
        actor: n ? 'command line' : 'Ann',
        action: 'catalog.update',
        target: 'data_centers',
        before: { latitude: 1 },
        after: n ? null : { latitude: 2 },
      },
    ],
    page: n,
    pages: 2,
  })
  const api = serve((call) => ({ data: page(Number(call.query.page ?? 0)) }))
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'audit' }))
    await waitFor(() => !!container.querySelector('tbody tr'), 'the log')
    const row = container.querySelector('tbody tr')!
    assert.equal(cells(row).slice(0, 3), ['Fri, 01 May 2026 12:00:00 UTC', 'Ann', 'catalog.update'])
    const details = row.querySelector('details')!
    assert.is(details.querySelector('summary')!.textContent, 'Before and after')
    assert.equal(
      Array.from(details.querySelectorAll('pre'), (p) => p.textContent),
      ['{\n  "latitude": 1\n}', '{\n  "latitude": 2\n}'],
    )
    assert.is(button(container, 'Previous').getAttribute('aria-disabled'), 'true')
    button(container, 'Next').click()
    await waitFor(() => container.querySelector('tbody tr td:nth-child(2)')?.textContent === 'command line', 'page 2')
    assert.equal(
      api.calls.map((c) => c.query.page),
      ['0', '1'],
    )
    assert.match(container.textContent!, 'Page 2 of 2')
    assert.is(button(container, 'Next').getAttribute('aria-disabled'), 'true')
    button(container, 'Next').click()
    await settle()
    assert.is(api.calls.length, 2, 'no page past the last')
    assert.is(prettyJson(undefined), 'null')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test.run()
