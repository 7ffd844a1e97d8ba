import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { applyMeta } from '../../shell/meta'

const canonical = () => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')

test('applyMeta: title, description, and a canonical link on the canonical origin without the query', () => {
  document.head.innerHTML = '<link rel="canonical" href="https://trust.example/auroraedge.net">'
  history.replaceState(null, '', '/auroraedge.net/incidents?page=2')
  applyMeta({ title: 'Incidents | x', description: 'All incidents.', noindex: false })
  assert.is(document.title, 'Incidents | x')
  assert.is(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content, 'All incidents.')
  assert.is(canonical()?.href, 'https://trust.example/auroraedge.net/incidents')
  assert.is(document.head.querySelector('meta[name="robots"]'), null)
})

test('applyMeta: a noindex page has robots noindex and no canonical link; the next page gets one again', () => {
  document.head.innerHTML = ''
  history.replaceState(null, '', '/sign-in?destination=%2Fsubscribe')
  applyMeta({ title: 'Sign In', description: '', noindex: true })
  assert.is(document.head.querySelector<HTMLMetaElement>('meta[name="robots"]')?.content, 'noindex')
  assert.is(canonical(), null)
  history.replaceState(null, '', '/auroraedge.net/faq')
  applyMeta({ title: 'FAQ', description: '', noindex: false })
  assert.is(canonical()?.href, `${location.origin}/auroraedge.net/faq`)
  assert.is(document.head.querySelector('meta[name="robots"]'), null)
})

test.run()
