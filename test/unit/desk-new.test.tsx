// The incident desk's new post form (/admin/desk/new): its defaults and the body Publish sends
// (the operator's zone → UTC, Markdown, notify), the services and data centers of the chosen
// clouds, the fields it refuses before sending, templates, and what the roles allow (url_editor:
// URL-category notifications only; blog_editor: nothing).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement } from 'react'
import type { PublishRecordBody } from '../../contract/publishing'
import AdminConsole from '../../shell/admin/AdminConsole'
import { $deskNotice } from '../../shell/admin/desk/notice'
import { clearSession } from '../../shell/accounts/account'
import { $router } from '../../shell/routes'
import { choose, mount, settle, toggle, typeInto, waitFor } from '../fixtures/dom'
import { button, deskApi, deskTemplate, labelled, publishBodyOf, signedInAs } from './admin-fixtures'

/** Types into a textarea as a user would. */
function typeArea(el: HTMLTextAreaElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, value)
  el.dispatchEvent(new Event('input', { bubbles: true }))
}

const optionTexts = (select: HTMLSelectElement) => Array.from(select.options, (o) => o.textContent)

/**
 * Signs in with `roles` and opens the new-post screen with `query` on the desk's stubbed API;
 * unmounted, restored and signed out after each test.
 */
async function open(roles: string[], query: Record<string, string> = {}, timezone = 'UTC', api = deskApi()) {
  clearSession()
  signedInAs(roles, 'csrf-d', { timezone })
  const { container, root, unmount } = mount()
  teardown = () => {
    unmount()
    api.restore()
  }
  root.render(createElement(AdminConsole, { screen: 'desk-new', query }))
  return { container, root, api }
}

let teardown = () => {}
test.after.each(() => {
  teardown()
  teardown = () => {}
  clearSession()
  $deskNotice.set('')
  $router.open('/', true)
})

test('new post: fast defaults, the Berlin start time sent as UTC, Markdown body, services and data centers by tid, notify', async () => {
  const { container, api } = await open(['trust_admin'], {}, 'Europe/Berlin')
  await waitFor(() => !!container.querySelector('form[aria-label="New post"]'), 'the form')
  assert.is(container.querySelector('h1')!.textContent, 'New post')
  assert.is(labelled<HTMLSelectElement>(container, 'Type').value, 'incident')
  assert.equal(optionTexts(labelled(container, 'Type')), ['Incident', 'Scheduled maintenance', 'Security advisory', 'Notification'])
  assert.is(labelled<HTMLSelectElement>(container, 'Status').value, 'In Progress')
  assert.equal(optionTexts(labelled(container, 'Status')), ['In Progress', 'Monitoring', 'Resolved'])
  assert.is(labelled<HTMLSelectElement>(container, 'Severity').selectedOptions[0].textContent, 'Service Degradation')
  assert.ok(labelled(container, 'Notify subscribers').checked, 'notify is on')
  assert.is(labelled(container, 'Start time').type, 'datetime-local')
  assert.match(labelled(container, 'Start time').value, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'now, in the operator zone')
  assert.is(container.querySelector('label[for="desk-new-to"]'), null, 'no end for an incident')
  assert.ok(container.querySelector('[data-testid="post-preview"] h2')?.textContent === 'Preview')

  typeInto(labelled(container, 'Title'), 'Sign-in failures')
  toggle(labelled(container, 'alpha.net'))
  await waitFor(() => !!Array.from(container.querySelectorAll('label')).find((l) => l.textContent === 'Web Proxy'), 'the services of alpha')
  assert.equal(
    api.calls.filter((c) => c.path === '/api/cloud-status').map((c) => `${c.query.cloud}:${c.query.requestType}`),
    ['alpha:core_cloud_services', 'alpha:public', 'alpha:premium'],
  )
  toggle(labelled(container, 'Authentication'))
  // Data centers: one disclosure per region, a search by name, decommissioned ones not offered.
  const summaries = () => Array.from(container.querySelectorAll('details summary'), (s) => s.textContent)
  assert.equal(summaries().slice(0, 2), ['EMEA (0 of 2 chosen)', 'Americas (0 of 1 chosen)'])
  assert.not.ok(container.textContent!.includes('Old Paris'))
  typeInto(labelled(container, 'Find a data center'), 'frank')
  await waitFor(() => summaries()[0] === 'EMEA (0 of 2 chosen)' && !summaries().some((s) => s!.startsWith('Americas')), 'the search')
  assert.ok(container.querySelector<HTMLDetailsElement>('details')!.open, 'a matching region opens')
  toggle(labelled(container, 'Frankfurt I'))
  await waitFor(() => summaries()[0] === 'EMEA (1 of 2 chosen)', 'the count')

  typeInto(labelled(container, 'Start time'), '2026-03-15T10:30')
  await waitFor(
    () =>
      container.querySelector('[data-testid="desk-new-from-utc"]')!.textContent ===
      'Time zone Europe/Berlin · Sun, 15 Mar 2026 09:30:00 UTC',
    'the UTC instant beside the time',
  )
  typeArea(labelled(container, 'Body (Markdown)'), 'We are **investigating**.')
  await waitFor(() => container.querySelector('[data-testid="post-preview"] h3')?.textContent === 'Sign-in failures', 'the preview title')
  toggle(labelled(container, 'Notify subscribers'))

  button(container, 'Publish').click()
  await waitFor(() => api.calls.some((c) => c.method === 'POST' && c.path === '/api/admin/records'), 'the POST')
  const post = api.calls.find((c) => c.method === 'POST' && c.path === '/api/admin/records')!
  assert.is(post.headers!['X-CSRF-Token'], 'csrf-d')
  const body = post.body as PublishRecordBody
  assert.equal(body, publishBodyOf({ terms: [101, 202] }))
  await waitFor(() => location.pathname === '/admin/desk/42', 'the record screen')
  assert.is($deskNotice.get(), 'Published. 3 emails queued.')
})

test('new post: only title, clouds and status are needed; Publish without them names them and sends nothing', async () => {
  const { container, api } = await open(['trust_admin'], { type: 'maintenance' })
  await waitFor(() => !!container.querySelector('form[aria-label="New post"]'), 'the form')
  assert.is(labelled<HTMLSelectElement>(container, 'Type').value, 'maintenance', '?type= picks the type')
  assert.is(labelled<HTMLSelectElement>(container, 'Status').value, 'Scheduled')
  assert.ok(labelled(container, 'End time').value, 'maintenance has an end')
  button(container, 'Publish').click()
  await waitFor(() => !!container.querySelector('[data-testid="save-errors"]'), 'the refusal')
  assert.equal(
    Array.from(container.querySelectorAll('[data-testid="save-errors"] li'), (li) => li.textContent),
    ['title: the title is required.', 'clouds: choose at least one cloud.'],
  )
  await waitFor(() => document.activeElement === labelled(container, 'Title'), 'focus on the title')
  assert.is(labelled(container, 'Title').getAttribute('aria-invalid'), 'true')
  await settle()
  assert.not.ok(api.calls.some((c) => c.method === 'POST'))
  // Switching to an advisory asks for its event type, a notification for its type.
  choose(labelled(container, 'Type'), 'advisory')
  await waitFor(() => !!container.querySelector('label[for="desk-new-event-type"]'), 'the event type')
  assert.is(labelled<HTMLSelectElement>(container, 'Status').value, 'In Progress')
  assert.equal(optionTexts(labelled(container, 'Status')), ['In Progress', 'Monitoring', 'Remediated'])
})

test('maintenance: the reminder shows the server default, offers none, 1 hour, 24 hours and custom minutes, and is sent', async () => {
  const { container, api } = await open(['trust_admin'], { type: 'maintenance' })
  await waitFor(() => !!container.querySelector('label[for="desk-new-reminder"]'), 'the reminder')
  await waitFor(() => labelled<HTMLSelectElement>(container, 'Reminder').value === '60', 'the server default (60 minutes) shown')
  const reminder = labelled<HTMLSelectElement>(container, 'Reminder')
  assert.equal(optionTexts(reminder), ['No reminder', '1 hour before the start', '24 hours before the start', 'Custom (minutes)'])
  assert.match(
    container.querySelector('#desk-new-reminder-hint')!.textContent!,
    'unless the maintenance is announced inside that time. Server default: 1 hour before the start.',
  )
  typeInto(labelled(container, 'Title'), 'Core switch upgrade')
  toggle(labelled(container, 'alpha.net'))
  choose(reminder, 'custom')
  await waitFor(() => !!container.querySelector('label[for="desk-new-reminder-minutes"]'), 'the minutes field')
  typeInto(labelled(container, 'Minutes before the start'), '20000')
  button(container, 'Publish').click()
  await waitFor(() => !!container.querySelector('[data-testid="save-errors"]'), 'the refusal')
  assert.equal(
    Array.from(container.querySelectorAll('[data-testid="save-errors"] li'), (li) => li.textContent),
    ['reminder_minutes: enter whole minutes from 0 to 10080 (7 days), or choose another reminder.'],
  )
  assert.is(labelled(container, 'Minutes before the start').getAttribute('aria-invalid'), 'true')
  typeInto(labelled(container, 'Minutes before the start'), '90')
  button(container, 'Publish').click()
  await waitFor(() => api.calls.some((c) => c.method === 'POST' && c.path === '/api/admin/records'), 'the POST')
  const body = api.calls.find((c) => c.method === 'POST' && c.path === '/api/admin/records')!.body as PublishRecordBody
  assert.equal([body.type, body.reminder_minutes], ['maintenance', 90])
})

test('url_editor: the type select offers URL-category notifications only, with their categories', async () => {
  const { container, api } = await open(['url_editor'], { type: 'incident' })
  await waitFor(() => !!container.querySelector('form[aria-label="New post"]'), 'the form')
  assert.equal(optionTexts(labelled(container, 'Type')), ['Notification'])
  assert.equal(optionTexts(labelled(container, 'Notification type')), ['URL category'])
  assert.equal(optionTexts(labelled(container, 'Status')), ['Scheduled', 'In Progress', 'Completed', 'Archived'])
  assert.is(container.querySelector('label[for="desk-new-severity"]'), null, 'notifications have no severity')
  await waitFor(() => !!Array.from(container.querySelectorAll('label')).find((l) => l.textContent === 'Gambling'), 'the categories')
  assert.ok(api.calls.some((c) => c.path === '/api/user_notifications' && c.method === 'POST'))
  assert.not.ok(container.textContent!.includes('Dropbox'), 'another type’s categories are not offered')
  typeInto(labelled(container, 'Title'), 'Category changes')
  toggle(labelled(container, 'beta.net'))
  toggle(labelled(container, 'Gambling'))
  button(container, 'Publish').click()
  await waitFor(() => api.calls.some((c) => c.method === 'POST' && c.path === '/api/admin/records'), 'the POST')
  const body = api.calls.find((c) => c.path === '/api/admin/records')!.body as PublishRecordBody
  assert.is(body.type, 'notification')
  assert.is(body.notification_type, 'url_change_notification')
  assert.is(body.severity, null)
  assert.equal(body.terms, [301])
  assert.equal(body.clouds, ['beta'])
})

test('blog_editor: no form, the roles do not allow publishing; the desk is read-only', async () => {
  const { container, root, api } = await open(
    ['blog_editor'],
    {},
    'UTC',
    deskApi({
      records: [
        { ...(await import('./admin-fixtures')).deskRow(1) },
        (await import('./admin-fixtures')).deskRow(2, { status: 'Resolved', statusClass: 'resolved' }),
      ],
    }),
  )
  await waitFor(() => !!container.querySelector('[role="status"]'), 'the note')
  assert.match(container.textContent!, 'Your roles do not allow you to publish records.')
  assert.is(container.querySelector('form[aria-label="New post"]'), null)
  root.render(createElement(AdminConsole, { screen: 'desk' }))
  await waitFor(() => container.querySelectorAll('[data-testid="desk-row"]').length === 3, 'open and all records')
  assert.is(container.querySelector('h1')!.textContent, 'Incident desk')
  assert.is(container.querySelector('[aria-current="page"]')!.textContent, 'Incident desk')
  assert.equal(
    Array.from(container.querySelectorAll('[data-testid="desk-open"] [data-testid="desk-row"]'), (r) => r.getAttribute('data-record-id')),
    ['1'],
    'open records first, on their own',
  )
  assert.not.ok(Array.from(container.querySelectorAll('a'), (a) => a.textContent).includes('New incident'))
  assert.match(container.textContent!, 'Your roles do not allow you to publish records; you can read them.')
  assert.ok(Array.from(container.querySelectorAll('[data-testid="desk-row"]')).every((r) => r.textContent!.includes('Read only')))
  assert.equal(
    api.calls.filter((c) => c.path === '/api/admin/records').map((c) => c.query),
    [{ open: '1', page: '0' }, { page: '0' }],
  )
})

test('desk: new-post links for each permitted type; the type filter and title search go to both lists', async () => {
  const { deskRow } = await import('./admin-fixtures')
  const { container, root, api } = await open(
    ['url_editor'],
    {},
    'UTC',
    deskApi({ records: [deskRow(1), deskRow(3, { type: 'notification', notification_type: 'cloud_app' })] }),
  )
  root.render(createElement(AdminConsole, { screen: 'desk' }))
  await waitFor(() => container.querySelectorAll('[data-testid="desk-row"]').length === 4, 'the lists')
  const links = Array.from(container.querySelectorAll<HTMLAnchorElement>('main a, section a')).map((a) => [
    a.textContent,
    a.getAttribute('href'),
  ])
  assert.ok(links.some(([t, h]) => t === 'New notification' && h === '/admin/desk/new?type=notification'))
  assert.not.ok(links.some(([t]) => t === 'New incident'))
  assert.ok(
    Array.from(container.querySelectorAll('[data-testid="desk-row"]')).every((r) => r.textContent!.includes('Read only')),
    'an incident and a cloud-app notification are read-only for url_editor',
  )
  choose(labelled(container, 'Type'), 'incident')
  typeInto(labelled(container, 'Title contains'), ' auth ')
  button(container, 'Search').click()
  await waitFor(() => api.calls.filter((c) => c.query.q === 'auth').length === 2, 'the filtered lists')
  assert.equal(
    api.calls.filter((c) => c.query.q === 'auth').map((c) => c.query),
    [
      { type: 'incident', q: 'auth', open: '1', page: '0' },
      { type: 'incident', q: 'auth', page: '0' },
    ],
  )
})

test('templates: ?template= fills the form in (the window stays now); Save as template sends the fields under a name', async () => {
  const { container, api } = await open(
    ['trust_admin'],
    { type: 'incident', template: '5' },
    'UTC',
    deskApi({ templates: [deskTemplate()] }),
  )
  const title = () => container.querySelector<HTMLInputElement>('#desk-new-title')?.value
  await waitFor(() => title() === 'Authentication failures', 'the template applied')
  assert.is(labelled<HTMLSelectElement>(container, 'Severity').value, '20')
  assert.ok(labelled(container, 'alpha.net').checked)
  assert.is(labelled<HTMLTextAreaElement>(container, 'Body (Markdown)').value, 'We are **investigating** sign-in failures.')
  assert.equal(optionTexts(labelled(container, 'Start from template')), ['Choose a template…', 'Authentication outage (Incident)'])
  typeInto(labelled(container, 'Title'), 'Changed')
  choose(labelled(container, 'Start from template'), '5')
  button(container, 'Apply template').click()
  await waitFor(() => title() === 'Authentication failures', 'applied again')

  typeInto(labelled(container, 'Template name'), 'Auth outage, EMEA')
  button(container, 'Save template').click()
  await waitFor(() => api.calls.some((c) => c.method === 'POST' && c.path === '/api/admin/templates'), 'the POST')
  const saved = api.calls.find((c) => c.method === 'POST' && c.path === '/api/admin/templates')!.body as {
    name: string
    fields: Record<string, unknown>
  }
  assert.is(saved.name, 'Auth outage, EMEA')
  assert.is(saved.fields.type, 'incident')
  assert.is(saved.fields.title, 'Authentication failures')
  assert.is(saved.fields.body_format, 'markdown')
  assert.not.ok('from' in saved.fields || 'notify' in saved.fields || 'internal_note' in saved.fields)
  await waitFor(
    () => container.querySelector('[data-testid="save-status"]')?.textContent === 'Saved. Template “Auth outage, EMEA” saved.',
    'saved',
  )
})

test.run()
