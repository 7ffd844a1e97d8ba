// The "Webhooks, Slack and Teams" panel of /subscribe (shell/webhooks/): every server error code as a
// sentence and where it goes, the status and test texts, and the panel against a stubbed API —
// list, add (the secret once, the CSRF header), a refused URL that keeps what was typed, a test
// delivery, removal after a confirmation.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement } from 'react'
import type { WebhookEndpoint } from '../../contract/webhooks'
import { clearSession } from '../../shell/accounts/account'
import { countText, statusText, testOutcomeText, webhookError } from '../../shell/webhooks/model'
import { WebhooksPanel } from '../../shell/webhooks/WebhooksPanel'
import { ApiError } from '../../widgets/core/request'
import { mount, serve, typeInto, waitFor } from '../fixtures/dom'
import { button, labelled, signedInAs } from './admin-fixtures'

const apiError = (status: number, code?: string) => new ApiError(`server says ${code}`, status, 'x', code)

test('model: each URL error code is a sentence for the field; the others are for the form', () => {
  for (const code of [
    'invalid_url',
    'not_https',
    'not_slack_url',
    'not_teams_url',
    'forbidden_address',
    'unresolvable_host',
    'duplicate_endpoint',
  ]) {
    const e = webhookError(apiError(code === 'duplicate_endpoint' ? 409 : 400, code), 5)
    assert.ok(e.field, code)
    assert.match(e.text, /^[A-Z].*\.$/, code)
    assert.not.match(e.text, /server says/, code)
  }
  assert.equal(webhookError(apiError(403, 'not_verified'), 5).field, false)
  assert.match(webhookError(apiError(403, 'not_verified'), 5).text, /^Confirm your email address/)
  assert.match(webhookError(apiError(400, 'not_teams_url'), 5).text, /Teams incoming webhook or a Workflows webhook/)
  assert.is(
    webhookError(apiError(409, 'too_many_endpoints'), 5).text,
    'You already have 5 endpoints, the most allowed. Remove one before adding another.',
  )
  assert.match(webhookError(apiError(429, 'too_many_requests'), 5).text, /10 test deliveries an hour/)
  assert.match(webhookError(apiError(403, 'csrf'), 5).text, /^Your session has ended/)
  assert.match(webhookError(apiError(0), 5).text, /could not be reached/)
  assert.is(webhookError(apiError(500, 'internal'), 5).text, 'server says internal', 'anything else: the server’s message')
})

test('model: status, test outcome and count in words', () => {
  assert.is(statusText({ disabled_at: null, disabled_reason: null }, 'UTC'), 'Active')
  assert.is(
    statusText({ disabled_at: '2026-03-15T09:30:00.000Z', disabled_reason: '6 delivery attempts in a row failed' }, 'UTC'),
    'Disabled since Sun, 15 Mar 2026 09:30:00 UTC: 6 delivery attempts in a row failed',
  )
  assert.is(testOutcomeText({ delivered: true, status: 204, error: null }), 'Delivered (HTTP 204).')
  assert.is(
    testOutcomeText({ delivered: false, status: null, error: 'The connection was refused.' }),
    'Not delivered: The connection was refused.',
  )
  assert.is(countText(1, 5), '1 endpoint of 5')
  assert.is(countText(0, 5), '0 endpoints of 5')
})

const endpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 1,
  kind: 'webhook',
  url: 'https://hooks.example/one',
  created: '2026-03-15T09:00:00.000Z',
  consecutive_failures: 0,
  disabled_at: null,
  disabled_reason: null,
  pending: 0,
  last_delivered_at: null,
  ...over,
})

const text = (container: HTMLElement, testId: string) => container.querySelector(`[data-testid="${testId}"]`)?.textContent ?? ''

test('panel: lists, refuses a private URL keeping it, adds with the secret once, tests, removes after a confirmation', async () => {
  clearSession()
  signedInAs([], 'csrf-w')
  let endpoints = [
    endpoint({
      id: 1,
      disabled_at: '2026-03-15T09:30:00.000Z',
      disabled_reason: '6 delivery attempts in a row failed; the last one: HTTP 500',
      consecutive_failures: 6,
      pending: 2,
    }),
  ]
  const api = serve((call) => {
    const body = call.body as { kind: string; url: string } | undefined
    if (call.path === '/api/webhooks' && call.method === 'GET') return { data: { endpoints, limit: 5 } }
    if (call.path === '/api/webhooks' && call.method === 'POST') {
      if (body!.url.includes('10.0.0.1')) {
        return new Response(JSON.stringify({ error: { code: 'forbidden_address', message: '10.0.0.1 is not public' } }), { status: 400 })
      }
      const added = endpoint({ id: 2, url: body!.url })
      endpoints = [...endpoints, added]
      return new Response(JSON.stringify({ data: { endpoint: added, secret: 'whsec_c2VjcmV0' } }), { status: 201 })
    }
    if (call.path === '/api/webhooks/1/test') {
      return {
        data: { delivered: true, status: 200, error: null, message_id: 'msg_1', endpoint: endpoint({ id: 1, last_delivered_at: null }) },
      }
    }
    if (call.path === '/api/webhooks/2' && call.method === 'DELETE') {
      endpoints = endpoints.filter((e) => e.id !== 2)
      return { data: { id: 2, deleted: true } }
    }
    return new Response('{}', { status: 404 })
  })
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(WebhooksPanel))
    await waitFor(() => container.querySelectorAll('[data-testid="webhook-endpoint"]').length === 1, 'the list')
    assert.is(text(container, 'webhooks-count'), '1 endpoint of 5')
    assert.match(text(container, 'webhook-endpoint-status'), /^Disabled since Sun, 15 Mar 2026 09:30:00 UTC: 6 delivery attempts/)
    assert.is(text(container, 'webhook-endpoint-pending'), '2')
    assert.is(text(container, 'webhook-endpoint-last'), 'Nothing delivered yet')

    // A refused address: the sentence is under the field, linked, and the field keeps its value.
    const url = labelled(container, 'Endpoint URL')
    typeInto(url, 'http://10.0.0.1/')
    button(container, 'Add endpoint').click()
    await waitFor(() => !!container.querySelector('[data-testid="webhook-url-error"]'), 'the field error')
    const error = container.querySelector('[data-testid="webhook-url-error"]')!
    assert.match(error.textContent!, /private, local or reserved network/)
    assert.is(error.getAttribute('role'), 'alert')
    assert.ok(url.getAttribute('aria-describedby')!.split(' ').includes(error.id))
    assert.is(url.getAttribute('aria-invalid'), 'true')
    assert.is(url.value, 'http://10.0.0.1/')

    // Added: the secret shown once, sent with the CSRF header.
    typeInto(url, 'https://hooks.example/two')
    button(container, 'Add endpoint').click()
    await waitFor(() => !!container.querySelector('[data-testid="webhook-secret"]'), 'the secret')
    const post = api.calls.filter((c) => c.method === 'POST' && c.path === '/api/webhooks').at(-1)!
    assert.equal(post.body, { kind: 'webhook', url: 'https://hooks.example/two' })
    assert.is(post.headers!['X-CSRF-Token'], 'csrf-w')
    assert.is(text(container, 'webhook-secret'), 'whsec_c2VjcmV0')
    assert.match(text(container, 'webhook-secret-once'), /shown only once/)
    await waitFor(() => document.activeElement?.id === 'webhook-added-title', 'focus on the added notice')
    assert.is(container.querySelectorAll('[data-testid="webhook-endpoint"]').length, 2)
    assert.is(url.value, '')
    button(container, 'I have stored it').click()
    await waitFor(() => !container.innerHTML.includes('whsec_'), 'the secret gone')

    // A test delivery enables the disabled endpoint: the outcome and the new status in words.
    button(container, 'Send test delivery to https://hooks.example/one').click()
    await waitFor(() => text(container, 'webhook-test-outcome').includes('Delivered'), 'the outcome')
    assert.is(text(container, 'webhook-test-outcome'), 'Test delivery: Delivered (HTTP 200).')
    assert.is(text(container, 'webhook-endpoint-status'), 'Active')

    // Remove asks first; the question takes the focus; confirmed, the row goes.
    button(container, 'Remove https://hooks.example/two').click()
    await waitFor(() => !!container.querySelector('[data-testid="webhook-remove-confirm"]'), 'the confirmation')
    assert.match(document.activeElement?.textContent ?? '', /^Remove this endpoint\?/)
    assert.not.ok(
      api.calls.some((c) => c.method === 'DELETE'),
      'nothing removed before the confirmation',
    )
    button(container, 'Remove endpoint').click()
    await waitFor(() => container.querySelectorAll('[data-testid="webhook-endpoint"]').length === 1, 'the row removed')
    assert.match(container.textContent!, /Webhook endpoint https:\/\/hooks\.example\/two removed\./)
    assert.is(document.activeElement?.id, 'webhooks-title')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test.run()
