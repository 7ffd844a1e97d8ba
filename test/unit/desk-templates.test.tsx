// The incident desk's templates (/admin/desk/templates): the list with Use, Edit (rename and
// fields → PUT), Delete after a confirmation (DELETE), New template (POST), and read-only
// templates of types the roles may not publish.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement } from 'react'
import AdminConsole from '../../shell/admin/AdminConsole'
import { clearSession } from '../../shell/accounts/account'
import { choose, mount, settle, typeInto, waitFor } from '../fixtures/dom'
import { button, deskApi, deskTemplate, labelled, signedInAs } from './admin-fixtures'

const TEMPLATES = [
  deskTemplate(),
  deskTemplate({ id: 6, name: 'Cloud app change', fields: { type: 'notification', notification_type: 'cloud_app', title: 'App change' } }),
]

async function open(roles: string[]) {
  clearSession()
  signedInAs(roles, 'csrf-t')
  const { container, root, unmount } = mount()
  root.render(createElement(AdminConsole, { screen: 'templates' }))
  await waitFor(() => container.querySelectorAll('[data-testid="desk-template-list"] li').length === 2, 'the templates')
  return { container, unmount }
}

const names = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('[data-testid="desk-template-list"] strong'), (s) => s.textContent)

test('templates: listed with their type; Use opens a new post from it; Edit renames and changes fields (PUT)', async () => {
  const api = deskApi({ templates: TEMPLATES })
  const { container, unmount } = await open(['trust_admin'])
  try {
    assert.is(container.querySelector('h1')!.textContent, 'Templates')
    assert.is(container.querySelector('[aria-current="page"]')!.textContent, 'Templates')
    assert.equal(names(container), ['Authentication outage', 'Cloud app change'])
    assert.match(container.querySelector('[data-testid="desk-template-list"] li')!.textContent!, 'Incident · updated')
    assert.is(
      container.querySelector('a[aria-label="Use Authentication outage"]')!.getAttribute('href'),
      '/admin/desk/new?type=incident&template=5',
    )
    await waitFor(() => !!container.querySelector('button[aria-label="Edit Authentication outage"]'), 'Edit (after the catalogue)')
    button(container, 'Edit Authentication outage').click()
    await waitFor(() => !!container.querySelector('#desk-template-form'), 'the form')
    assert.is(document.activeElement, container.querySelector('#desk-template-form'), 'focus moves to the form')
    assert.is(container.querySelector('#desk-template-form')!.textContent, 'Edit template: Authentication outage')
    assert.is(labelled(container, 'Template name').value, 'Authentication outage')
    assert.is(labelled(container, 'Title').value, 'Authentication failures')
    assert.is(container.querySelector('label[for="desk-template-from"]'), null, 'a template has no times')
    assert.is(
      Array.from(container.querySelectorAll('label')).find((l) => l.textContent === 'Notify subscribers'),
      undefined,
    )
    typeInto(labelled(container, 'Template name'), 'Auth outage')
    choose(labelled(container, 'Status'), 'Monitoring')
    button(container, 'Save template').click()
    await waitFor(() => api.calls.some((c) => c.method === 'PUT'), 'the PUT')
    const put = api.calls.find((c) => c.method === 'PUT')!
    assert.is(put.path, '/api/admin/templates/5')
    assert.is(put.headers!['X-CSRF-Token'], 'csrf-t')
    const body = put.body as { name: string; fields: Record<string, unknown> }
    assert.is(body.name, 'Auth outage')
    assert.equal(body.fields, {
      type: 'incident',
      title: 'Authentication failures',
      summary: '',
      body: 'We are **investigating** sign-in failures.',
      body_format: 'markdown',
      status: 'Monitoring',
      severity: 20,
      clouds: ['alpha'],
      terms: [101],
      customer_impact: null,
      available_workaround: null,
      next_update: null,
    })
    await waitFor(() => names(container)[0] === 'Auth outage', 'the list reloaded')
    assert.is(container.querySelector('#desk-template-form')!.textContent, 'Edit template: Auth outage')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('templates: Delete asks first (focus on Keep it), then DELETE; New template posts a new one', async () => {
  const api = deskApi({ templates: TEMPLATES })
  const { container, unmount } = await open(['trust_admin'])
  try {
    button(container, 'Delete Cloud app change').click()
    await waitFor(() => container.textContent!.includes('Delete “Cloud app change”?'), 'the question')
    assert.is(document.activeElement?.textContent, 'Keep it')
    button(container, 'Keep it').click()
    await settle()
    assert.not.ok(api.calls.some((c) => c.method === 'DELETE'))
    button(container, 'Delete Cloud app change').click()
    await waitFor(() => container.textContent!.includes('Delete “Cloud app change”?'), 'asked again')
    button(container, 'Yes, delete').click()
    await waitFor(() => api.calls.some((c) => c.method === 'DELETE'), 'the DELETE')
    assert.is(api.calls.find((c) => c.method === 'DELETE')!.path, '/api/admin/templates/6')
    await waitFor(() => names(container).length === 1, 'gone from the list')
    assert.match(container.textContent!, 'Template “Cloud app change” deleted.')

    await waitFor(() => !!Array.from(container.querySelectorAll('button')).find((b) => b.textContent === 'New template'), 'New template')
    button(container, 'New template').click()
    await waitFor(() => container.querySelector('#desk-template-form')?.textContent === 'New template', 'the new form')
    button(container, 'Save template').click()
    await waitFor(() => !!container.querySelector('[data-testid="save-errors"]'), 'a name is needed')
    typeInto(labelled(container, 'Template name'), 'Maintenance window')
    choose(labelled(container, 'Type'), 'maintenance')
    typeInto(labelled(container, 'Title'), 'Planned maintenance')
    button(container, 'Save template').click()
    await waitFor(() => api.calls.some((c) => c.method === 'POST' && c.path === '/api/admin/templates'), 'the POST')
    const body = api.calls.find((c) => c.method === 'POST')!.body as { name: string; fields: Record<string, unknown> }
    assert.is(body.name, 'Maintenance window')
    assert.is(body.fields.type, 'maintenance')
    assert.is(body.fields.status, 'Scheduled')
    assert.is(body.fields.title, 'Planned maintenance')
    await waitFor(() => names(container).includes('Maintenance window'), 'listed')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('templates: cloud_apps may use and change the cloud-app template only; blog_editor only reads', async () => {
  let api = deskApi({ templates: TEMPLATES })
  let { container, unmount } = await open(['cloud_apps'])
  try {
    await waitFor(() => !!container.querySelector('button[aria-label="Edit Cloud app change"]'), 'Edit')
    assert.is(container.querySelector('button[aria-label="Edit Authentication outage"]'), null)
    assert.is(container.querySelector('a[aria-label="Use Authentication outage"]'), null)
    assert.match(container.querySelector('[data-testid="desk-template-list"] li')!.textContent!, 'read only')
  } finally {
    unmount()
    api.restore()
  }
  api = deskApi({ templates: TEMPLATES })
  ;({ container, unmount } = await open(['blog_editor']))
  try {
    await settle()
    assert.is(container.querySelectorAll('[data-testid="desk-template-list"] button').length, 0)
    assert.is(
      Array.from(container.querySelectorAll('button')).find((b) => b.textContent === 'New template'),
      undefined,
    )
    assert.match(container.textContent!, 'Your roles do not allow you to change templates; you can read them.')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test.run()
