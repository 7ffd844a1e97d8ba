import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { chooseCloud, defaultPagePath, domainFromQuery, selectCloud, $cloudName } from '../../widgets/core/cloud'
import { switchCloudPath } from '../../shell/cloud-path'
import { readCookie } from '../../widgets/core/cookies'
import { clouds } from '../fixtures/global'

const [alpha, beta, gamma] = clouds

test('the first path segment matching a cloud domain chooses the cloud', () => {
  assert.is(chooseCloud(clouds, { pathname: '/beta.net/cloud-status', cookie: 'alpha' })?.machine_name, 'beta')
})

test('without a cloud in the path the machineName cookie decides', () => {
  assert.is(chooseCloud(clouds, { pathname: '/faq', cookie: 'gamma' })?.machine_name, 'gamma')
})

test('without path or cookie the first cloud is chosen', () => {
  assert.is(chooseCloud(clouds, { pathname: '/' })?.machine_name, 'alpha')
  assert.is(chooseCloud(clouds, { pathname: '/', cookie: 'no-such-cloud' })?.machine_name, 'alpha')
  assert.is(chooseCloud([], { pathname: '/' }), undefined)
})

test('the cloud query parameter wins, with or without the trust. prefix', () => {
  assert.is(chooseCloud(clouds, { pathname: '/alpha.net', query: 'trust.beta.net' })?.machine_name, 'beta')
  assert.is(chooseCloud(clouds, { pathname: '/', query: 'private.gamma.com', cookie: 'alpha' })?.machine_name, 'gamma')
  assert.is(domainFromQuery(' Trust.Beta.net '), 'beta.net')
  // An unknown domain in the query falls through to the other rules.
  assert.is(chooseCloud(clouds, { pathname: '/beta.net', query: 'trust.nope.net' })?.machine_name, 'beta')
})

test('switching replaces the first segment except on notification, subscribe and sign-in paths', () => {
  assert.is(switchCloudPath(clouds, '/alpha.net/cloud-status', beta), '/beta.net/cloud-status')
  assert.is(switchCloudPath(clouds, '/alpha.net', gamma), '/private.gamma.com')
  assert.is(switchCloudPath(clouds, '/notification/12', beta), '/notification/12')
  assert.is(switchCloudPath(clouds, '/subscribe', beta), '/subscribe')
  assert.is(switchCloudPath(clouds, '/sign-in', beta), '/sign-in')
  assert.is(switchCloudPath(clouds, '/faq', beta), '/faq')
})

test('default page path uses the cloud domain and its default page', () => {
  assert.is(defaultPagePath(alpha), '/alpha.net/cloud-status')
  assert.is(defaultPagePath(gamma), '/private.gamma.com')
})

test('selecting a cloud stores it and writes the machineName cookie', () => {
  selectCloud(beta)
  assert.is($cloudName.get(), 'beta')
  assert.is(readCookie('machineName'), 'beta')
})

test.run()
