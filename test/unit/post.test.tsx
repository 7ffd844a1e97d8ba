import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { redirectFromRecord } from '../../widgets/core/redirect'
import { parsePostAnswer, parseUpdates } from '../../widgets/post/api'
import { Post, type PostProps } from '../../widgets/post/Post'
import { mount, serve, settle, waitFor } from '../fixtures/dom'
import { record } from '../fixtures/records'

const props = (extra: Partial<PostProps> = {}): PostProps => ({ id: '7', cloud: 'alpha', timezone: 'UTC', ...extra })
const byTestId = <T extends HTMLElement = HTMLElement>(c: ParentNode, id: string) => c.querySelector<T>(`[data-testid="${id}"]`)!
const notFound = (code: string) => new Response(JSON.stringify({ error: { code, message: 'x' } }), { status: 404, statusText: 'Not Found' })

test('post: GET /api/posts/{id}?cloud=, the record in full with its title as h1', async () => {
  const { calls, restore } = serve(() => ({
    data: record(7, { resolved: true, body: '<p>Full <em>body</em><script>x</script></p>', available_workaround: '<p>Restart</p>' }),
  }))
  const { container, root, unmount } = mount()
  root.render(<Post {...props()} />)
  await waitFor(() => container.querySelector('[data-testid="record"]') !== null, 'record')
  assert.equal(calls[0], { path: '/api/posts/7', query: { cloud: 'alpha' } })
  assert.is(container.querySelector('h1')!.textContent, 'Record 7')
  assert.ok(byTestId(container, 'record-body').innerHTML.includes('<em>body</em>'))
  assert.not.ok(container.innerHTML.includes('<script'))
  assert.ok(byTestId(container, 'resolved-marker'))
  assert.ok(byTestId(container, 'workaround').textContent!.includes('Restart'))
  unmount()
  restore()
})

test('post: the severity badge and the status icon come from severity and statusDetail; absent, the status still shows', async () => {
  let detail = true
  const { restore } = serve((call) => ({
    data: {
      ...record(Number(call.path.split('/')[3]), { status: 'Resolved', statusId: '4', severityId: '20' }),
      ...(detail
        ? {
            severity: { tid: '20', name: 'Service Disruption', color_code: '#d0021b' },
            statusDetail: { id: '4', name: 'Resolved', class: 'resolved', icon: 'check' },
          }
        : {}),
    },
  }))
  const { container, root, unmount } = mount()
  root.render(<Post {...props()} />)
  await waitFor(() => container.querySelector('[data-testid="record"]') !== null, 'record')
  assert.is(byTestId(container, 'record-severity').textContent, 'Service Disruption')
  assert.is(byTestId(container, 'record-status').querySelector('svg')!.getAttribute('data-icon'), 'check')
  assert.is(byTestId(container, 'record-status').dataset.status, 'resolved')
  detail = false
  root.render(<Post {...props({ id: '8' })} />)
  await waitFor(() => byTestId(container, 'record')?.dataset.recordId === '8', 'second record')
  assert.is(byTestId(container, 'record-severity'), null)
  assert.is(byTestId(container, 'record-status').textContent, 'Status: Resolved')
  unmount()
  restore()
})

test('messages: not_on_cloud → "Post not available on this cloud.", not_found → "No records found."', async () => {
  let code = 'not_on_cloud'
  const { restore } = serve(() => notFound(code))
  const { container, root, unmount } = mount()
  root.render(<Post {...props()} />)
  await waitFor(() => container.querySelector('[data-testid="post-missing"]') !== null, 'message')
  assert.is(byTestId(container, 'post-missing').textContent, 'Post not available on this cloud.')
  code = 'not_found'
  root.render(<Post {...props({ id: '8' })} />)
  await waitFor(() => byTestId(container, 'post-missing')?.textContent === 'No records found.', 'not found')
  assert.is(container.querySelector('[role="alert"]'), null, 'not an error state')
  unmount()
  restore()
})

test('a 500 or a malformed answer shows the error with Retry', async () => {
  let n = 0
  const { restore } = serve(() => (++n === 1 ? { data: { id: 'x' } } : { data: record(7) }))
  const { container, root, unmount } = mount()
  root.render(<Post {...props()} />)
  await waitFor(() => container.querySelector('[role="alert"]') !== null, 'error')
  ;[...container.querySelectorAll<HTMLButtonElement>('[role="alert"] button')].find((b) => b.textContent === 'Retry')!.click()
  await waitFor(() => container.querySelector('[data-testid="record"]') !== null, 'record after retry')
  unmount()
  restore()
})

test('notification: GET /api/notification/{id}/{cloud}; a same-origin url_redirect calls onRedirect with /{url_redirect}', async () => {
  const { calls, restore } = serve(() => ({
    data: { ...record(9, { type: 'notification' }), url_redirect: 'alpha.net/notifications/cloud-app' },
  }))
  const { container, root, unmount } = mount()
  const went: string[] = []
  root.render(<Post {...props({ id: 9, kind: 'notification', onRedirect: (p) => went.push(p) })} />)
  await waitFor(() => went.length === 1, 'redirect')
  assert.equal(calls[0], { path: '/api/notification/9/alpha', query: {} })
  assert.equal(went, ['/alpha.net/notifications/cloud-app'])
  assert.ok(byTestId(container, 'post-redirecting'))
  unmount()
  restore()
})

const HOSTILE = [
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'https://evil.example/x',
  'http:evil.example',
  'data:text/html,x',
  ' //evil.example',
  'java\nscript:alert(1)',
]

test('redirect safety: hostile url_redirect values are refused', () => {
  for (const target of HOSTILE) assert.is(redirectFromRecord(target), undefined, JSON.stringify(target))
  assert.is(redirectFromRecord('notifications/url-category'), '/notifications/url-category')
  assert.is(redirectFromRecord(''), undefined)
  assert.is(redirectFromRecord(42), undefined)
})

test('hostile url_redirect values are never followed: the notification shows instead', async () => {
  let target = ''
  const { restore } = serve((call) => ({
    data: { ...record(Number(call.path.split('/')[3]), { type: 'notification' }), url_redirect: target },
  }))
  const { container, root, unmount } = mount()
  const went: string[] = []
  for (const [i, hostile] of HOSTILE.entries()) {
    target = hostile
    root.render(<Post {...props({ id: 100 + i, kind: 'notification', onRedirect: (p) => went.push(p) })} />)
    await waitFor(() => container.querySelector(`[data-record-id="${100 + i}"]`) !== null, `record for ${JSON.stringify(hostile)}`)
    assert.is(container.querySelector('[data-testid="post-redirecting"]'), null)
  }
  await settle()
  assert.equal(went, [])
  unmount()
  restore()
})

test('posts never redirect, and an embedded notification (api-base) without onRedirect shows the record', async () => {
  const { restore } = serve(() => ({ data: { ...record(9), url_redirect: 'somewhere' } }))
  const { container, root, unmount } = mount()
  const went: string[] = []
  root.render(<Post {...props({ onRedirect: (p) => went.push(p) })} />)
  await waitFor(() => container.querySelector('[data-testid="record"]') !== null, 'post')
  root.render(<Post {...props({ id: 10, kind: 'notification', apiBase: 'https://trust.example' })} />)
  await waitFor(() => container.querySelector('[data-testid="record"]') !== null, 'notification')
  await settle()
  assert.equal(went, [])
  unmount()
  restore()
})

const UPDATES = [
  {
    at: '2026-11-16T10:30:00.000Z',
    status: 'Monitoring',
    statusClass: 'monitoring',
    text: '<p>A fix is <em>deployed</em>.</p>',
    resolved: false,
  },
  { at: '2026-11-16T12:30:00.000Z', status: 'Resolved', statusClass: 'resolved', text: '<p>All clear.</p>', resolved: true },
  { at: '2026-11-16T10:00:00.000Z', status: 'In Progress', statusClass: 'in_progress', text: '', resolved: false },
]

test('updates: the history shows under the record, newest first, times in the zone, the resolved marker on the closing entry', async () => {
  const { restore } = serve(() => ({ data: { ...record(7), updates: UPDATES } }))
  const { container, root, unmount } = mount()
  root.render(<Post {...props({ timezone: 'Europe/Berlin', headingLevel: 2 })} />)
  await waitFor(() => container.querySelector('[data-testid="post-updates"]') !== null, 'updates')
  const section = byTestId(container, 'post-updates')
  assert.is(section.querySelector('h3')!.textContent, 'Updates', 'one level below the title')
  assert.is(section.getAttribute('aria-labelledby'), section.querySelector('h3')!.id)
  const items = [...section.querySelectorAll<HTMLElement>('[data-testid="post-update"]')]
  assert.equal(
    items.map((li) => li.querySelector('[data-status]')!.textContent),
    ['Status: Resolved', 'Status: Monitoring', 'Status: In Progress'],
  )
  assert.is(items[0].querySelector('time')!.textContent, 'Mon, 16 Nov 2026 13:30:00 GMT+1')
  assert.is(items[0].querySelector('time')!.getAttribute('datetime'), '2026-11-16T12:30:00.000Z')
  assert.is(items[0].querySelector('[data-testid="update-resolved"]')!.textContent, 'Resolved update')
  assert.is(section.querySelectorAll('[data-testid="update-resolved"]').length, 1, 'only the closing entry')
  assert.ok(items[1].innerHTML.includes('<em>deployed</em>'))
  assert.is(items[2].querySelector('p'), null, 'a status change without text has no text')
  assert.ok(byTestId(container, 'record').compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING, 'after the record')
  unmount()
  restore()
})

test('updates: malformed or absent updates are ignored, never a crash', async () => {
  const bad: unknown[] = [
    'nonsense',
    42,
    { updates: 'x' },
    [null, 7, 'x', { at: 'not a date', status: 'Monitoring' }, { at: '2026-11-16T10:00:00Z' }, { status: 'Resolved' }],
  ]
  assert.is(parseUpdates(undefined), undefined)
  assert.is(parseUpdates({ 0: UPDATES[0] }), undefined)
  assert.equal(parseUpdates(bad[3]), [])
  assert.equal(parseUpdates([{ at: '2026-11-16T10:00:00Z', status: 'Monitoring', text: 5, resolved: 'yes' }, ...UPDATES.slice(0, 1)]), [
    { at: '2026-11-16T10:00:00Z', status: 'Monitoring', statusClass: '', text: '', resolved: false },
    UPDATES[0],
  ])
  assert.equal(parsePostAnswer({ data: { ...record(7), updates: UPDATES } }).updates, UPDATES, 'well-formed entries come back as sent')
  assert.not.ok('updates' in parsePostAnswer({ data: record(7) }), 'absent stays absent')
  let i = 0
  const { restore } = serve(() => ({ data: { ...record(20 + i), updates: bad[i] } }))
  const { container, root, unmount } = mount()
  for (; i < bad.length; i++) {
    root.render(<Post {...props({ id: 20 + i })} />)
    await waitFor(() => container.querySelector(`[data-record-id="${20 + i}"]`) !== null, `record ${i}`)
    assert.is(container.querySelector('[data-testid="post-updates"]'), null)
    assert.is(container.querySelector('[role="alert"]'), null)
  }
  unmount()
  restore()
})

test.run()
