// The overall status line (docs/statuspage-api.md): its kinds, its markup (escaped, links only to http(s)
// pages) and `<trust-status-badge>`, the React-free element that shows it, against a served answer.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { OVERALL_STATUS_TEXT } from '../../contract/constants'
import { isStatuspageStatus, overallKind, overallLineHtml, overallView, pageUrl } from '../../widgets/overall-status/model'
import '../../widgets/status-badge/define'
import { StatusBadgeElement } from '../../widgets/status-badge/element'
import { quietly, serve, waitFor } from '../fixtures/dom'

test('each indicator takes the look of its meaning', () => {
  assert.is(overallKind({ indicator: 'critical', description: OVERALL_STATUS_TEXT.major }), 'major')
  assert.is(overallKind({ indicator: 'major', description: OVERALL_STATUS_TEXT.partial }), 'partial')
  assert.is(overallKind({ indicator: 'minor', description: OVERALL_STATUS_TEXT.partial }), 'partial')
  assert.is(overallKind({ indicator: 'none', description: OVERALL_STATUS_TEXT.maintenance }), 'maintenance')
  assert.is(overallKind({ indicator: 'none', description: OVERALL_STATUS_TEXT.operational }), 'operational')
})

test('answers of the wrong shape are refused; only http(s) pages are linked', () => {
  assert.ok(isStatuspageStatus({ indicator: 'none', description: 'All Systems Operational' }))
  assert.not.ok(isStatuspageStatus({ indicator: 'unknown', description: 'x' }))
  assert.not.ok(isStatuspageStatus({ indicator: 'none', description: '' }))
  assert.not.ok(isStatuspageStatus(['none']))
  assert.is(pageUrl({ url: 'https://trust.example/auroraedge.net' }), 'https://trust.example/auroraedge.net')
  assert.is(pageUrl({ url: 'javascript:alert(1)' }), '')
  assert.is(pageUrl({ url: 42 }), '')
  assert.is(pageUrl(null), '')
})

test('the markup: icon hidden from assistive technology, text escaped, link only when asked', () => {
  const hostile = { indicator: 'minor', description: '<img src=x onerror=alert(1)>', url: 'https://t.example/?a="b"' } as const
  const view = overallView(hostile, false, true)
  const html = overallLineHtml(view, 'icon', 'link')
  assert.ok(html.startsWith('<svg class="icon" viewBox="0 0 16 16" aria-hidden="true"'))
  assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'))
  assert.not.ok(html.includes('<img'))
  assert.ok(html.includes('href="https://t.example/?a=&quot;b&quot;"'))
  assert.not.ok(overallLineHtml(overallView(hostile, false, false), 'icon').includes('<a '))
  assert.equal(overallView(undefined, false, true), { kind: 'pending', text: 'Checking the overall status…', href: '' })
  assert.equal(overallView(undefined, true, true), { kind: 'pending', text: 'The overall status could not be loaded.', href: '' })
  assert.not.ok(overallLineHtml(overallView(undefined, false, true), 'icon').includes('<svg'))
})

test('<trust-status-badge> shows the cloud line from its API, the site line without cloud, and says when loading failed', async () => {
  const answers: Record<string, unknown> = {
    '/auroraedge/api/v2/status.json': {
      page: {
        id: 'p',
        name: 'Aurora Edge',
        url: 'https://trust.example/auroraedge.net',
        time_zone: 'Etc/UTC',
        updated_at: '2026-01-01T00:00:00Z',
      },
      status: { indicator: 'critical', description: 'Major Service Disruption' },
    },
    '/api/v2/status.json': {
      page: { id: 'p', name: 'Trust', url: 'https://trust.example', time_zone: 'Etc/UTC', updated_at: '2026-01-01T00:00:00Z' },
      status: { indicator: 'none', description: 'All Systems Operational' },
    },
  }
  const { calls, restore } = serve((call) => answers[call.path] ?? new Response('{}', { status: 404 }))
  const badge = document.createElement('trust-status-badge')
  const line = () => badge.shadowRoot?.querySelector<HTMLElement>('[data-testid="overall-status"]') ?? null
  try {
    assert.instance(badge, StatusBadgeElement)
    badge.setAttribute('api-base', 'https://trust.example')
    badge.setAttribute('cloud', 'auroraedge')
    document.body.append(badge)
    await waitFor(() => line()?.dataset.kind === 'major', 'the cloud line')
    assert.is(line()!.textContent, 'Major Service Disruption')
    assert.is(line()!.getAttribute('role'), 'status')
    assert.is(line()!.getAttribute('aria-busy'), null)
    assert.is(line()!.querySelector('a')!.getAttribute('href'), 'https://trust.example/auroraedge.net')
    // Two attribute changes in one task: one request.
    const before = calls.length
    badge.removeAttribute('cloud')
    badge.setAttribute('api-base', 'https://trust.example/')
    await waitFor(() => line()?.dataset.kind === 'operational', 'the site line')
    assert.is(calls.length, before + 1)
    assert.is(line()!.textContent, 'All Systems Operational')

    const logged = await quietly(async () => {
      badge.setAttribute('cloud', 'nowhere')
      await waitFor(() => line()?.textContent === 'The overall status could not be loaded.', 'the failure')
    })
    assert.is(line()!.dataset.kind, 'pending')
    assert.is(line()!.getAttribute('aria-busy'), null)
    assert.is(logged.length, 1)
  } finally {
    badge.remove()
    restore()
  }
})

test.run()
