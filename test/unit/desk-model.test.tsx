// The incident desk's pure logic (shell/admin/desk/model.ts, zone.ts, api.ts mergeTerms) and its
// routes: the operator's wall time ↔ UTC, the new post's defaults and the body it sends, the
// kinds each role may publish, what an edit sends, templates, and /admin/desk paths.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { permissionsOf } from '../../contract/permissions'
import { mergeTerms } from '../../shell/admin/desk/api'
import { cloudsText } from '../../shell/admin/desk/DeskScreen'
import {
  allowedNotificationTypes,
  allowedTypes,
  applyTemplate,
  changesOf,
  detailDraft,
  draftErrors,
  isClosed,
  mailsText,
  mayChange,
  newDraft,
  publishBody,
  type RecordDraft,
  reminderLeadText,
  reminderMinutesOf,
  reminderView,
  statusLook,
  statusOptions,
  templateFields,
  withType,
} from '../../shell/admin/desk/model'
import { fromLocalInput, toLocalInput } from '../../shell/admin/desk/zone'
import { $router, pageMeta, resolvePage } from '../../shell/routes'
import { clouds, menu } from '../fixtures/global'
import { deskCatalog, deskDetail, deskTemplate, publishBodyOf } from './admin-fixtures'

const severities = deskCatalog().catalog.severities
const admin = permissionsOf(['trust_admin'])
const NOW = new Date('2026-03-15T09:30:42.000Z')

test('zone: a datetime-local value in the operator zone is the right UTC instant, both ways, across daylight saving', () => {
  assert.is(fromLocalInput('2026-03-15T10:30', 'Europe/Berlin'), '2026-03-15T09:30:00.000Z', 'CET, UTC+1')
  assert.is(fromLocalInput('2026-07-15T10:30', 'Europe/Berlin'), '2026-07-15T08:30:00.000Z', 'CEST, UTC+2')
  assert.is(fromLocalInput('2026-03-08T03:30', 'America/New_York'), '2026-03-08T07:30:00.000Z', 'just after the spring change')
  assert.is(fromLocalInput('2026-03-08T01:30', 'America/New_York'), '2026-03-08T06:30:00.000Z', 'just before it')
  assert.is(fromLocalInput('2026-11-16T23:59', 'UTC'), '2026-11-16T23:59:00.000Z')
  assert.is(fromLocalInput('2026-03-15T10:30', 'Asia/Kolkata'), '2026-03-15T05:00:00.000Z', 'half-hour offsets')
  assert.is(fromLocalInput('2026-03-15T10:30', 'Not/AZone'), '2026-03-15T10:30:00.000Z', 'an unknown zone is UTC')
  for (const bad of ['', '2026-03-15', '2026-02-30T10:00', '2026-03-15T24:00', 'tomorrow'])
    assert.is(fromLocalInput(bad, 'UTC'), undefined, bad)
  assert.is(toLocalInput('2026-03-15T09:30:42Z', 'Europe/Berlin'), '2026-03-15T10:30')
  assert.is(toLocalInput('2026-07-15T08:30:00Z', 'Europe/Berlin'), '2026-07-15T10:30')
  assert.is(toLocalInput('nonsense', 'UTC'), '')
  for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'UTC']) {
    const local = toLocalInput(NOW, zone)
    assert.is(fromLocalInput(local, zone), '2026-03-15T09:30:00.000Z', `round trip in ${zone}`)
  }
})

test('new post defaults: incident, In Progress, Service Degradation, starting now in the operator zone, notify on', () => {
  const draft = newDraft(admin, { severities, zone: 'Europe/Berlin', now: NOW })
  assert.is(draft.type, 'incident')
  assert.is(draft.status, 'In Progress')
  assert.is(draft.severity, '19')
  assert.is(draft.from, '2026-03-15T10:30')
  assert.is(draft.to, '')
  assert.is(draft.notify, true)
  assert.equal(draft.clouds, [])
  const maintenance = newDraft(admin, { type: 'maintenance', severities, zone: 'Europe/Berlin', now: NOW })
  assert.is(maintenance.status, 'Scheduled')
  assert.is(maintenance.to, '2026-03-15T12:30', 'a two-hour window')
  const advisory = newDraft(admin, { type: 'advisory', severities, zone: 'UTC', now: NOW })
  assert.is(advisory.event_type, 'Under Investigation')
  const notification = newDraft(admin, { type: 'notification', severities, zone: 'UTC', now: NOW })
  assert.is(notification.notification_type, 'url_change_notification')
  assert.is(notification.severity, '')
  assert.is(newDraft(admin, { type: 'nonsense', severities, zone: 'UTC' }).type, 'incident')
})

test('publish body: times in UTC, Markdown texts, notify, empty optional fields null, type-specific fields only where they belong', () => {
  const draft = {
    ...newDraft(admin, { severities, zone: 'Europe/Berlin', now: NOW }),
    title: '  Sign-in failures ',
    clouds: ['alpha'],
    terms: [101, 201],
    body: 'We are **investigating**.',
    slack_link: ' https://chat.example/inc ',
    notify: false,
  }
  assert.equal(draftErrors(draft, 'Europe/Berlin'), [])
  assert.equal(publishBody(draft, 'Europe/Berlin'), publishBodyOf({ terms: [101, 201], slack_link: 'https://chat.example/inc' }))
  const maintenance = {
    ...newDraft(admin, { type: 'maintenance', severities, zone: 'America/New_York', now: NOW }),
    title: 'x',
    clouds: ['beta'],
  }
  const body = publishBody(maintenance, 'America/New_York')
  assert.is(body.from, '2026-03-15T09:30:00.000Z')
  assert.is(body.to, '2026-03-15T11:30:00.000Z')
  assert.not.ok('event_type' in body || 'notification_type' in body)
  const notification = { ...newDraft(admin, { type: 'notification', zone: 'UTC', now: NOW }), title: 'x', clouds: ['alpha'] }
  assert.is(publishBody(notification, 'UTC').notification_type, 'url_change_notification')
  assert.is(publishBody(notification, 'UTC').severity, null)
})

test('checks before sending: title, a cloud, the window, the advisory event type and http(s) links', () => {
  const empty = newDraft(admin, { type: 'maintenance', severities, zone: 'UTC', now: NOW })
  assert.equal(draftErrors({ ...empty, to: '' }, 'UTC'), [
    'title: the title is required.',
    'clouds: choose at least one cloud.',
    'to: a maintenance window needs an end.',
  ])
  const ok = { ...empty, title: 'x', clouds: ['alpha'] }
  assert.equal(draftErrors({ ...ok, to: '2026-03-15T08:00' }, 'UTC'), ['to: must not be before the start.'])
  assert.equal(draftErrors({ ...ok, from: '' }, 'UTC'), ['from: enter the start date and time.'])
  assert.equal(draftErrors({ ...ok, jira_link: 'javascript:alert(1)' }, 'UTC'), ['jira_link: must be an http(s) URL.'])
  assert.equal(draftErrors({ ...ok, type: 'advisory', status: 'In Progress', event_type: '' }, 'UTC'), [
    'event_type: choose an event type.',
  ])
  assert.equal(draftErrors({ ...empty, title: '' }, 'UTC', { template: true }), [], 'a template needs neither title nor clouds')
})

test('permissions: url_editor publishes URL-category notifications only, blog_editor nothing, trust_admin everything', () => {
  const url = permissionsOf(['url_editor'])
  assert.equal(allowedTypes(url), ['notification'])
  assert.equal(allowedNotificationTypes(url), ['url_change_notification'])
  assert.ok(mayChange(url, 'notification', 'url_change_notification'))
  assert.not.ok(mayChange(url, 'notification', 'cloud_app'))
  assert.not.ok(mayChange(url, 'incident'))
  const draft = newDraft(url, { type: 'incident', severities, zone: 'UTC', now: NOW })
  assert.is(draft.type, 'notification', 'a type the roles do not allow is never the default')
  assert.is(draft.notification_type, 'url_change_notification')
  assert.equal(allowedTypes(permissionsOf(['blog_editor'])), [])
  assert.equal(allowedTypes(permissionsOf(['customer_success_manager'])), [])
  assert.equal(allowedTypes(admin), ['incident', 'maintenance', 'advisory', 'notification'])
  assert.equal(allowedNotificationTypes(permissionsOf(['cloud_apps', 'legal_team'])), ['cloud_app', 'privacy_notification'])
})

test('statuses per type; a status outside the list (Postponed) is kept as an option', () => {
  assert.equal(statusOptions('incident'), ['In Progress', 'Monitoring', 'Resolved'])
  assert.equal(statusOptions('maintenance'), ['Scheduled', 'In Progress', 'Completed'])
  assert.equal(statusOptions('advisory'), ['In Progress', 'Monitoring', 'Remediated'])
  assert.equal(statusOptions('maintenance', 'Postponed'), ['Postponed', 'Scheduled', 'In Progress', 'Completed'])
  assert.is(mailsText('Published.', 3), 'Published. 3 emails queued.')
  assert.is(mailsText('Published.', 1), 'Published. 1 email queued.')
  assert.is(cloudsText(['a', 'b', 'c']), 'a, b, c')
  assert.is(cloudsText(['a', 'b', 'c', 'd', 'e']), 'a, b and 3 more')
})

test('edit: only the fields that changed are sent, HTML texts as html, with notify; nothing changed is null', () => {
  const detail = deskDetail()
  const draft = detailDraft(detail, 'Europe/Berlin')
  assert.is(draft.from, '2026-03-15T10:30')
  assert.is(draft.severity, '19')
  assert.is(changesOf(detail, draft, 'Europe/Berlin'), null)
  assert.equal(changesOf(detail, { ...draft, title: 'Sign-in failures in EMEA', notify: false }, 'Europe/Berlin'), {
    title: 'Sign-in failures in EMEA',
    notify: false,
  })
  assert.equal(changesOf(detail, { ...draft, body: '<p>Found it.</p>', to: '2026-03-15T11:00', terms: [201] }, 'Europe/Berlin'), {
    terms: [201],
    to: '2026-03-15T10:00:00.000Z',
    body: '<p>Found it.</p>',
    body_format: 'html',
    notify: true,
  })
  assert.equal(changesOf(detail, { ...draft, terms: [201, 101], jira_link: 'https://jira.example/X-1' }, 'Europe/Berlin'), {
    jira_link: 'https://jira.example/X-1',
    notify: true,
  })
})

test('templates: a draft keeps its fields but not its window; applying one keeps the window and refuses a type the roles do not allow', () => {
  const draft = {
    ...newDraft(admin, { severities, zone: 'UTC', now: NOW }),
    title: 'Auth',
    clouds: ['alpha'],
    terms: [101],
    internal_note: 'x',
  }
  const fields = templateFields(draft)
  assert.equal(fields, {
    type: 'incident',
    title: 'Auth',
    summary: '',
    body: '',
    body_format: 'markdown',
    status: 'In Progress',
    severity: 19,
    clouds: ['alpha'],
    terms: [101],
    customer_impact: null,
    available_workaround: null,
    next_update: null,
  })
  const start = newDraft(admin, { type: 'maintenance', severities, zone: 'UTC', now: NOW })
  const applied = applyTemplate(start, deskTemplate().fields, admin, severities, 'UTC')!
  assert.is(applied.type, 'incident')
  assert.is(applied.title, 'Authentication failures')
  assert.is(applied.severity, '20')
  assert.is(applied.status, 'In Progress')
  assert.equal(applied.terms, [101])
  assert.is(applied.from, start.from, 'the window is the moment of use')
  assert.is(applyTemplate(start, deskTemplate().fields, permissionsOf(['url_editor']), severities, 'UTC'), null)
})

test('the default severity is the spec’s 19 by id, whatever its name; none when the catalogue lacks it', () => {
  const renamed = severities.map((s) => (s.tid === 19 ? { ...s, name: 'Degraded performance' } : s))
  assert.is(newDraft(admin, { severities: renamed, zone: 'UTC', now: NOW }).severity, '19')
  assert.is(newDraft(admin, { severities: renamed.filter((s) => s.tid !== 19), zone: 'UTC', now: NOW }).severity, '')
  assert.is(isClosed('Resolved'), true)
  assert.is(isClosed('Monitoring'), false)
  assert.equal(statusLook('In Progress'), { id: 'In Progress', name: 'In Progress', class: 'in_progress', icon: 'hourglass' })
  assert.equal(statusLook('Nonsense'), { id: 'Nonsense', name: 'Nonsense', class: '', icon: '' })
})

test('reminder lead: untouched follows the server, presets and custom minutes are sent; a bad custom value is refused', () => {
  const base = {
    ...newDraft(admin, { type: 'maintenance', severities, zone: 'UTC', now: NOW }),
    title: 'Core switch upgrade',
    clouds: ['alpha'],
  }
  assert.equal([base.reminder, base.reminder_custom], ['', ''])
  assert.is(publishBody(base, 'UTC').reminder_minutes, null, 'untouched: the server setting')
  assert.equal(reminderView(base, 60), { choice: '60', custom: '' }, 'shown as the server default’s choice')
  assert.equal(reminderView(base, 45), { choice: 'custom', custom: '45' })
  assert.equal(reminderView(base, 0), { choice: 'none', custom: '' })
  assert.equal(reminderView(base, undefined), { choice: '', custom: '' }, 'while the server default is unknown')

  const cases: Array<[Partial<RecordDraft>, number | null | undefined]> = [
    [{ reminder: 'none' }, 0],
    [{ reminder: '60' }, 60],
    [{ reminder: '1440' }, 1440],
    [{ reminder: 'custom', reminder_custom: ' 90 ' }, 90],
    [{ reminder: 'custom', reminder_custom: '0' }, 0],
    [{ reminder: 'custom', reminder_custom: '10080' }, 10080],
    [{ reminder: 'custom', reminder_custom: '10081' }, undefined],
    [{ reminder: 'custom', reminder_custom: '1.5' }, undefined],
    [{ reminder: 'custom', reminder_custom: '' }, undefined],
    [{ reminder: 'custom', reminder_custom: '-5' }, undefined],
  ]
  for (const [change, minutes] of cases) {
    const draft = { ...base, ...change }
    assert.is(reminderMinutesOf(draft), minutes, JSON.stringify(change))
    const errors = draftErrors(draft, 'UTC')
    if (minutes === undefined) {
      assert.equal(errors, ['reminder_minutes: enter whole minutes from 0 to 10080 (7 days), or choose another reminder.'])
    } else {
      assert.equal(errors, [], JSON.stringify(change))
      assert.is(publishBody(draft, 'UTC').reminder_minutes, minutes)
    }
  }
  // Other types send no lead, whatever the draft holds.
  const incident = { ...base, ...withType({ ...base, reminder: '60' }, 'incident', admin, severities, 'UTC') }
  assert.is('reminder_minutes' in publishBody(incident, 'UTC'), false)
  assert.equal(draftErrors({ ...incident, reminder: 'custom', reminder_custom: 'x' }, 'UTC'), [])

  assert.equal(
    [0, 60, 1440, 1, 90].map((m) => reminderLeadText(m)),
    ['No reminder', '1 hour before the start', '24 hours before the start', '1 minute before the start', '90 minutes before the start'],
  )
})

test('reminder lead of a stored maintenance: shown from the record, sent only when changed; templates keep it', () => {
  const detail = deskDetail({ type: 'maintenance', status: 'Scheduled', to: '2026-03-15T12:00:00.000Z', reminder_minutes: null })
  const draft = detailDraft(detail, 'UTC')
  assert.equal([draft.reminder, draft.reminder_custom], ['', ''])
  assert.is(changesOf(detail, draft, 'UTC'), null, 'untouched: nothing to send')
  assert.equal(changesOf(detail, { ...draft, reminder: '1440' }, 'UTC'), { reminder_minutes: 1440, notify: true })
  const custom = detailDraft({ ...detail, reminder_minutes: 45 }, 'UTC')
  assert.equal([custom.reminder, custom.reminder_custom], ['custom', '45'])
  assert.is(changesOf({ ...detail, reminder_minutes: 45 }, { ...custom, reminder_custom: '45' }, 'UTC'), null)
  assert.equal(changesOf({ ...detail, reminder_minutes: 45 }, { ...custom, reminder: 'none' }, 'UTC'), {
    reminder_minutes: 0,
    notify: true,
  })
  assert.equal(
    [detailDraft({ ...detail, reminder_minutes: 0 }, 'UTC').reminder, detailDraft({ ...detail, reminder_minutes: 60 }, 'UTC').reminder],
    ['none', '60'],
  )

  const fields = templateFields({ ...draft, reminder: 'custom', reminder_custom: '30' })
  assert.is(fields.reminder_minutes, 30)
  assert.is(templateFields(draft).reminder_minutes, null)
  const fresh = newDraft(admin, { type: 'maintenance', severities, zone: 'UTC', now: NOW })
  const applied = applyTemplate(fresh, fields, admin, severities, 'UTC')!
  assert.equal([applied.reminder, applied.reminder_custom], ['custom', '30'])
  assert.is(templateFields({ ...draft, type: 'incident' }).reminder_minutes, undefined, 'other types keep none')
})

test('terms: several clouds merge into each service and data center once, regions by name, active when active anywhere', () => {
  const merged = mergeTerms([
    {
      services: [{ tid: 101, name: 'Authentication', active: true }],
      regions: [{ region: 'EMEA', items: [{ tid: 202, name: 'Frankfurt I', active: false }] }],
    },
    {
      services: [
        { tid: 101, name: 'Authentication', active: true },
        { tid: 102, name: 'Web Proxy', active: true },
      ],
      regions: [
        {
          region: 'EMEA',
          items: [
            { tid: 202, name: 'Frankfurt I', active: true },
            { tid: 201, name: 'Amsterdam II', active: true },
          ],
        },
        { region: 'Americas', items: [{ tid: 211, name: 'Dallas', active: true }] },
      ],
    },
  ])
  assert.equal(
    merged.services.map((s) => s.tid),
    [101, 102],
  )
  assert.equal(
    merged.regions.map((r) => [r.region, r.items.map((i) => `${i.name}:${i.active}`)]),
    [
      ['EMEA', ['Amsterdam II:true', 'Frankfurt I:true']],
      ['Americas', ['Dallas:true']],
    ],
  )
})

test('routes: /admin/desk, /admin/desk/new, /admin/desk/templates and /admin/desk/{id}; a non-numeric id is not found', () => {
  const resolve = (path: string) => {
    $router.open(path)
    return resolvePage(path, $router.get(), { clouds, menu }, clouds[0], true)
  }
  assert.equal(resolve('/admin/desk'), { kind: 'page', component: 'admin', params: { screen: 'desk' } })
  assert.equal(resolve('/admin/desk/new?type=maintenance'), { kind: 'page', component: 'admin', params: { screen: 'desk-new' } })
  assert.equal($router.get()?.search, { type: 'maintenance' })
  assert.equal(resolve('/admin/desk/templates'), { kind: 'page', component: 'admin', params: { screen: 'templates' } })
  assert.equal(resolve('/admin/desk/42'), { kind: 'page', component: 'admin', params: { screen: 'desk-record', id: '42' } })
  for (const bad of ['/admin/desk/abc', '/admin/desk/0', '/admin/desk/-1']) {
    const r = resolve(bad)
    assert.is(r.kind === 'page' && r.component, 'fallback', bad)
  }
  $router.open('/admin/desk/42')
  const out = resolvePage('/admin/desk/42', $router.get(), { clouds, menu }, clouds[0], false)
  assert.equal(out, { kind: 'redirect', to: '/sign-in?destination=%2Fadmin%2Fdesk%2F42' })
  const meta = (params: Record<string, string>) => pageMeta({ kind: 'page', component: 'admin', params }, 'Aurora Trust').title
  assert.is(meta({ screen: 'desk' }), 'Admin: Incident desk | Aurora Trust')
  assert.is(meta({ screen: 'desk-new' }), 'Admin: New post | Aurora Trust')
  assert.is(meta({ screen: 'desk-record', id: '42' }), 'Admin: Record 42 | Aurora Trust')
  assert.is(meta({ screen: 'templates' }), 'Admin: Templates | Aurora Trust')
  $router.open('/')
})

test.run()
