// One record of the incident desk (/admin/desk/{id}): its facts, the update history newest first
// with the resolved-update marker, events with their mail counts, and the requests of "Post an
// update", "Resolve", "Postpone", "Cancel maintenance" and "Save changes"; read-only for roles
// without the permission of its type.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement } from 'react'
import AdminConsole from '../../shell/admin/AdminConsole'
import { $deskNotice } from '../../shell/admin/desk/notice'
import { clearSession } from '../../shell/accounts/account'
import { choose, mount, settle, toggle, typeInto, waitFor } from '../fixtures/dom'
import { button, deskApi, deskDetail, labelled, signedInAs } from './admin-fixtures'

function typeArea(el: HTMLTextAreaElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, value)
  el.dispatchEvent(new Event('input', { bubbles: true }))
}

/** The form labelled by the heading `name`. */
function form(container: HTMLElement, name: string): HTMLFormElement {
  const f = Array.from(container.querySelectorAll('form')).find(
    (x) => document.getElementById(x.getAttribute('aria-labelledby') ?? '')?.textContent === name,
  )
  assert.ok(f, `form ${name}`)
  return f as HTMLFormElement
}

/** Opens the "Edit the record" disclosure as a click on its summary does. */
function openEdit(container: HTMLElement): void {
  const details = container.querySelector<HTMLDetailsElement>('[data-testid="desk-edit"]')!
  assert.is(details.querySelector('summary')!.textContent, 'Edit the record')
  details.open = true
  details.dispatchEvent(new Event('toggle'))
}

async function open(roles: string[], timezone = 'UTC') {
  clearSession()
  signedInAs(roles, 'csrf-r', { timezone })
  const { container, root, unmount } = mount()
  root.render(createElement(AdminConsole, { screen: 'desk-record', id: '42' }))
  await waitFor(() => container.querySelector('h1')?.textContent === 'Sign-in failures', 'the record')
  return { container, root, unmount }
}

test('record: facts, the public post link, the update history newest first with the resolved marker, events with mail counts', async () => {
  const detail = deskDetail({
    status: 'Resolved',
    to: '2026-03-15T11:00:00.000Z',
    updates: [
      ...deskDetail().updates,
      { at: '2026-03-15T11:00:00.000Z', status: 'Resolved', statusClass: 'resolved', text: '<p>Fixed.</p>', resolved: true },
    ],
    events: [...deskDetail().events, { id: 3, kind: 'updated', at: '2026-03-15T11:00:00.000Z', mails: 10, postmortem: false }],
  })
  const api = deskApi({ detail })
  $deskNotice.set('Published. 3 emails queued.')
  const { container, unmount } = await open(['trust_admin'], 'Europe/Berlin')
  try {
    assert.is(api.calls[0].path, '/api/admin/records/42')
    assert.is(container.querySelector('[data-testid="desk-notice"]')!.textContent, 'Published. 3 emails queued.')
    assert.is($deskNotice.get(), '', 'said once')
    const facts = container.querySelector('[data-testid="desk-facts"]')!.textContent!
    assert.match(facts, 'Incident')
    assert.match(facts, 'Resolved')
    assert.match(facts, 'Sun, 15 Mar 2026 10:30:00 GMT+1', 'times in the operator zone')
    assert.is(container.querySelector('[data-testid="desk-public-link"]')!.getAttribute('href'), '/alpha.net/posts/42')
    await waitFor(
      () => container.querySelector('[data-testid="desk-facts"]')!.textContent!.includes('Service Degradation'),
      'the severity name',
    )
    const entries = Array.from(container.querySelectorAll<HTMLElement>('[data-testid="desk-update"]'))
    assert.equal(
      entries.map((e) => e.querySelector('[data-status]')!.textContent),
      ['Resolved', 'Monitoring', 'In Progress'],
    )
    assert.is(entries[0].querySelector('time')!.textContent, 'Sun, 15 Mar 2026 12:00:00 GMT+1')
    assert.is(entries[0].querySelector('[data-testid="desk-resolved-marker"]')!.textContent, '✓ Resolved update')
    assert.is(container.querySelectorAll('[data-testid="desk-resolved-marker"]').length, 1)
    const rows = Array.from(container.querySelectorAll('[data-testid="desk-events"] tbody tr'), (tr) =>
      Array.from(tr.querySelectorAll('td'), (td) => td.textContent),
    )
    assert.equal(rows, [
      ['Updated', 'Sun, 15 Mar 2026 12:00:00 GMT+1', '10'],
      ['Updated', 'Sun, 15 Mar 2026 11:15:00 GMT+1', '11'],
      ['Published', 'Sun, 15 Mar 2026 10:31:00 GMT+1', '12'],
    ])
    // Closed: an update may still be posted, but there is nothing to resolve.
    assert.ok(form(container, 'Post an update'))
    assert.is(container.querySelector('#desk-resolve-title'), null)
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('post an update: status and Markdown text → PATCH with update, body_format markdown and notify; the screen says what it queued', async () => {
  const api = deskApi()
  const { container, unmount } = await open(['trust_admin'])
  try {
    const f = form(container, 'Post an update')
    assert.is(labelled<HTMLSelectElement>(f, 'New status').value, 'In Progress')
    button(f, 'Post update').click()
    await waitFor(() => !!f.querySelector('[data-testid="save-errors"]'), 'nothing to post')
    assert.match(f.querySelector('[data-testid="save-errors"]')!.textContent!, 'update: write the update, or choose a new status.')
    choose(labelled(f, 'New status'), 'Monitoring')
    typeArea(labelled(f, 'Update (Markdown)'), 'A fix is **deployed**.')
    await waitFor(() => !!f.querySelector('[data-testid="html-preview"]'), 'the update preview')
    toggle(labelled(f, 'Notify subscribers'))
    button(f, 'Post update').click()
    await waitFor(() => api.calls.some((c) => c.method === 'PATCH'), 'the PATCH')
    const patch = api.calls.find((c) => c.method === 'PATCH')!
    assert.is(patch.path, '/api/admin/records/42')
    assert.is(patch.headers!['X-CSRF-Token'], 'csrf-r')
    assert.equal(patch.body, { status: 'Monitoring', update: 'A fix is **deployed**.', body_format: 'markdown', notify: false })
    await waitFor(
      () => container.querySelector('[data-testid="desk-notice"]')!.textContent === 'Update posted. 2 emails queued.',
      'the notice',
    )
    await waitFor(() => api.calls.filter((c) => c.path === '/api/admin/records/42' && c.method === 'GET').length === 2, 'reloaded')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('resolve: POST …/resolve with the optional closing text and notify', async () => {
  const api = deskApi()
  const { container, unmount } = await open(['trust_admin'])
  try {
    const f = form(container, 'Resolve')
    assert.match(f.textContent!, 'Sets the status to Resolved now')
    typeArea(labelled(f, 'Closing update (Markdown, optional)'), 'All clear.')
    button(f, 'Resolve').click()
    await waitFor(() => api.calls.some((c) => c.path === '/api/admin/records/42/resolve'), 'the POST')
    const call = api.calls.find((c) => c.path === '/api/admin/records/42/resolve')!
    assert.is(call.method, 'POST')
    assert.equal(call.body, { update: 'All clear.', notify: true })
    await waitFor(() => container.querySelector('[data-testid="desk-notice"]')!.textContent === 'Resolved. 2 emails queued.', 'the notice')
    assert.is(container.querySelector('#desk-postpone-title'), null, 'no postpone for an incident')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('maintenance: Postpone sends the new window in UTC; Cancel maintenance asks first, then POST …/cancel', async () => {
  const api = deskApi({
    detail: deskDetail({ type: 'maintenance', status: 'Scheduled', from: '2026-07-01T22:00:00.000Z', to: '2026-07-02T00:00:00.000Z' }),
  })
  const { container, unmount } = await open(['trust_admin'], 'Europe/Berlin')
  try {
    const p = form(container, 'Postpone')
    assert.is(labelled(p, 'New start time').value, '2026-07-02T00:00', 'the current window in the operator zone')
    assert.is(labelled(p, 'New end time').value, '2026-07-02T02:00')
    typeInto(labelled(p, 'New start time'), '2026-07-09T00:00')
    typeInto(labelled(p, 'New end time'), '2026-07-09T02:30')
    typeArea(labelled(p, 'Reason (Markdown, optional)'), 'Vendor delay.')
    button(p, 'Postpone').click()
    await waitFor(() => api.calls.some((c) => c.path === '/api/admin/records/42/postpone'), 'the postpone')
    assert.equal(api.calls.find((c) => c.path === '/api/admin/records/42/postpone')!.body, {
      from: '2026-07-08T22:00:00.000Z',
      to: '2026-07-09T00:30:00.000Z',
      update: 'Vendor delay.',
      notify: true,
    })
    await waitFor(() => container.querySelector('[data-testid="desk-notice"]')!.textContent === 'Postponed. 2 emails queued.', 'postponed')

    const cancelBox = container.querySelector('#desk-cancel-title')!.parentElement!
    button(cancelBox, 'Cancel maintenance').click()
    await waitFor(() => !!container.querySelector('[data-testid="desk-cancel-confirm"]'), 'the question')
    await waitFor(() => document.activeElement === container.querySelector('[data-testid="desk-cancel-confirm"]'), 'focus on the question')
    button(cancelBox, 'Keep the maintenance').click()
    await waitFor(() => !container.querySelector('[data-testid="desk-cancel-confirm"]'), 'kept')
    await settle()
    assert.not.ok(api.calls.some((c) => c.path.endsWith('/cancel')))
    button(cancelBox, 'Cancel maintenance').click()
    await waitFor(() => !!container.querySelector('[data-testid="desk-cancel-confirm"]'), 'asked again')
    button(cancelBox, 'Yes, cancel maintenance').click()
    await waitFor(() => api.calls.some((c) => c.path === '/api/admin/records/42/cancel'), 'the cancel')
    assert.equal(api.calls.find((c) => c.path === '/api/admin/records/42/cancel')!.body, { notify: true })
    await waitFor(
      () => container.querySelector('[data-testid="desk-notice"]')!.textContent === 'Maintenance cancelled. 2 emails queued.',
      'cancelled',
    )
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('edit: closed at first (no look-ups); Save changes sends only what changed; nothing changed is refused before sending', async () => {
  const api = deskApi()
  const { container, unmount } = await open(['trust_admin'], 'Europe/Berlin')
  try {
    await settle()
    assert.not.ok(
      api.calls.some((c) => c.path === '/api/cloud-status'),
      'nothing asked before the form opens',
    )
    openEdit(container)
    await waitFor(() => !!container.querySelector('form[aria-label="Edit the record"] #desk-edit-title'), 'the edit form')
    const f = container.querySelector<HTMLFormElement>('form[aria-label="Edit the record"]')!
    assert.is(labelled(f, 'Title').value, 'Sign-in failures')
    assert.is(labelled<HTMLTextAreaElement>(f, 'Body (HTML)').value, '<p>We are investigating.</p>')
    assert.is(labelled(f, 'Start time').value, '2026-03-15T10:30')
    assert.ok(labelled(f, 'alpha.net').checked)
    button(f, 'Save changes').click()
    await waitFor(() => !!f.querySelector('[data-testid="save-errors"]'), 'nothing changed')
    typeInto(labelled(f, 'Title'), 'Sign-in failures in EMEA')
    typeInto(labelled(f, 'Start time'), '2026-03-15T10:00')
    button(f, 'Save changes').click()
    await waitFor(() => api.calls.some((c) => c.method === 'PATCH'), 'the PATCH')
    assert.equal(api.calls.find((c) => c.method === 'PATCH')!.body, {
      title: 'Sign-in failures in EMEA',
      from: '2026-03-15T09:00:00.000Z',
      notify: true,
    })
    await waitFor(() => container.querySelector('[data-testid="desk-notice"]')!.textContent === 'Saved. 2 emails queued.', 'saved')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('read-only: url_editor reads an incident (no forms); a URL-category notification is theirs to change', async () => {
  let api = deskApi()
  let { container, unmount } = await open(['url_editor'])
  try {
    assert.ok(container.querySelector('[data-testid="desk-read-only"]'))
    assert.is(container.querySelector('form'), null, 'no form at all')
    assert.ok(container.querySelector('[data-testid="desk-history"]'))
    assert.ok(container.querySelector('[data-testid="desk-events"]'))
  } finally {
    unmount()
    api.restore()
  }
  api = deskApi({
    detail: deskDetail({
      type: 'notification',
      notification_type: 'url_change_notification',
      status: 'Scheduled',
      severity: null,
      terms: [301],
    }),
  })
  ;({ container, unmount } = await open(['url_editor']))
  try {
    assert.is(container.querySelector('[data-testid="desk-read-only"]'), null)
    assert.ok(form(container, 'Post an update'))
    openEdit(container)
    await waitFor(() => !!container.querySelector('#desk-edit-notification-type'), 'the edit form')
    assert.equal(
      Array.from(
        labelled<HTMLSelectElement>(container.querySelector('form[aria-label="Edit the record"]')!, 'Notification type').options,
        (o) => o.textContent,
      ),
      ['URL category'],
    )
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('postmortem of a resolved incident: Markdown with preview, publish and notify once → PUT; the notify box is gone once mailed', async () => {
  const resolved = deskDetail({ status: 'Resolved', to: '2026-03-15T11:00:00.000Z' })
  let detail = resolved
  const api = deskApi({
    get detail() {
      return detail
    },
    onWrite: (call) => {
      const body = call.body as { body: string; publish: boolean; notify?: boolean }
      const postmortem = {
        body: body.body,
        html: '<h2>What happened</h2>',
        updated_at: '2026-03-16T09:00:00.000Z',
        published_at: body.publish ? '2026-03-16T09:00:00.000Z' : null,
        notified_at: body.notify ? '2026-03-16T09:00:00.000Z' : null,
      }
      detail = { ...resolved, postmortem }
      return { data: { postmortem, mails: body.notify ? 5 : 0 } }
    },
  })
  const { container, unmount } = await open(['trust_admin'], 'UTC')
  try {
    // An open incident has none; this one is resolved.
    const f = form(container, 'Postmortem')
    assert.is(labelled<HTMLInputElement>(f, 'Publish on the post').checked, true)
    button(f, 'Save postmortem').click()
    await waitFor(() => !!f.querySelector('[data-testid="save-errors"]'), 'nothing to save')
    assert.match(f.querySelector('[data-testid="save-errors"]')!.textContent!, 'Postmortem: write the postmortem first.')
    typeArea(labelled(f, 'Postmortem (Markdown)'), '## What happened\n\nA bad <script>x()</script> deploy.')
    // The preview's sanitising is the site's one allow-list (checked in a real browser elsewhere).
    await waitFor(() => (f.querySelector('[data-testid="html-preview"]')?.textContent ?? '').includes('Postmortem preview'), 'the preview')
    toggle(labelled(f, 'Notify subscribers (once)'))
    button(f, 'Save postmortem').click()
    await waitFor(() => api.calls.some((c) => c.method === 'PUT'), 'the PUT')
    const put = api.calls.find((c) => c.method === 'PUT')!
    assert.is(put.path, '/api/admin/records/42/postmortem')
    assert.equal(put.body, { body: '## What happened\n\nA bad <script>x()</script> deploy.', publish: true, notify: true })
    await waitFor(
      () => container.querySelector('[data-testid="desk-notice"]')!.textContent === 'Postmortem published. 5 emails queued.',
      'the notice',
    )
    await waitFor(
      () => (container.querySelector('[data-testid="desk-postmortem-state"]')?.textContent ?? '').includes('Subscribers were notified on'),
      'mailed once',
    )
    const again = form(container, 'Postmortem')
    assert.is(again.querySelectorAll('input[type="checkbox"]').length, 1, 'only Publish is left')
    assert.match(container.querySelector('[data-testid="desk-postmortem-state"]')!.textContent!, 'Published on')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test.run()
