// The staleness rule of degraded mode (widgets/core/staleness.ts, docs/operating/cdn.md): an answer is a stale
// copy when Date − Last-Modified > 2·(s-maxage + stale-while-revalidate) + 10 s, or Age >
// s-maxage + stale-while-revalidate + 10 s; without Last-Modified or s-maxage it is never stale.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseFreshness, STALE_GRACE_S, staleSince } from '../../widgets/core/staleness'

const GENERATED = Date.UTC(2026, 10, 24, 8, 0, 0)
const CC = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400'
/** 2·(30 + 30) + 10 = 130 s: the largest legitimate Date − Last-Modified for CC. */
const LIMIT_S = 2 * (30 + 30) + STALE_GRACE_S

function headers(servedAfterS: number | null, extra: Record<string, string> = {}): Headers {
  const h = new Headers({ 'cache-control': CC, 'last-modified': new Date(GENERATED).toUTCString(), ...extra })
  if (servedAfterS !== null) h.set('date', new Date(GENERATED + servedAfterS * 1000).toUTCString())
  return h
}

test('fresh: served within 2·(S + W) + 10 s of generation', () => {
  assert.is(staleSince(headers(0)), undefined)
  assert.is(staleSince(headers(LIMIT_S)), undefined, 'exactly at the bound is still fresh')
})

test('stale by Date − Last-Modified: returns the generation instant', () => {
  assert.is(staleSince(headers(LIMIT_S + 1)), GENERATED)
  assert.is(staleSince(headers(600)), GENERATED, 'ten minutes old')
})

test('the bound follows s-maxage and stale-while-revalidate (cloud-status: S = 10)', () => {
  const cc = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30'
  assert.is(staleSince(headers(90, { 'cache-control': cc })), undefined, '90 s ≤ 2·(10 + 30) + 10')
  assert.is(staleSince(headers(91, { 'cache-control': cc })), GENERATED, '91 s > 90 s')
  const noSwr = 'public, s-maxage=5'
  assert.is(staleSince(headers(21, { 'cache-control': noSwr })), GENERATED, 'no stale-while-revalidate counts as 0: 2·5 + 10 = 20 s')
})

test('without a readable Date the client clock is "served"', () => {
  assert.is(staleSince(headers(null), GENERATED + 30_000), undefined)
  assert.is(staleSince(headers(null), GENERATED + (LIMIT_S + 1) * 1000), GENERATED)
  assert.is(staleSince(headers(null, { date: 'not a date' }), GENERATED + 600_000), GENERATED, 'an unreadable Date is not readable')
})

test('stale by Age: an Age over S + W + 10 s is stale even when Date is close', () => {
  assert.is(staleSince(headers(5, { age: String(30 + 30 + 10) })), undefined, 'Age = 70 is the bound')
  assert.is(staleSince(headers(5, { age: '71' })), GENERATED)
  assert.is(staleSince(headers(5, { age: 'soon' })), undefined, 'an unreadable Age is ignored')
})

test('missing headers: no Last-Modified or no s-maxage is never stale', () => {
  const noLm = new Headers({ 'cache-control': CC, date: new Date(GENERATED + 3_600_000).toUTCString(), age: '9999' })
  assert.is(staleSince(noLm), undefined, 'no Last-Modified')
  assert.is(staleSince(headers(3600, { 'cache-control': 'public, max-age=30', age: '9999' })), undefined, 'no s-maxage')
  const noCc = headers(3600)
  noCc.delete('cache-control')
  assert.is(staleSince(noCc), undefined, 'no Cache-Control')
  assert.is(staleSince(new Headers()), undefined, 'nothing at all (answers before the server stamps them)')
  assert.is(staleSince(headers(3600, { 'last-modified': 'yesterday' })), undefined, 'an unreadable Last-Modified')
})

test('Cache-Control: the directives that decide staleness and storage', () => {
  assert.equal(parseFreshness(CC), { sMaxAge: 30, staleWhileRevalidate: 30, staleIfError: 86400, personal: false, public: true })
  assert.equal(parseFreshness('private, no-store'), {
    sMaxAge: undefined,
    staleWhileRevalidate: 0,
    staleIfError: undefined,
    personal: true,
    public: false,
  })
  assert.is(parseFreshness('no-store').personal, true)
  assert.is(parseFreshness('Public, S-MAXAGE="12"').sMaxAge, 12, 'case and quotes')
  assert.is(parseFreshness('max-age=5').sMaxAge, undefined, 'max-age is not s-maxage')
  assert.is(parseFreshness(null).public, false)
})

test.run()
