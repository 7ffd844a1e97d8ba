import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { GlobalData, MenuItem } from '../../contract/global.js'
import { body, startApp, type TestApp } from './helpers.js'

const test = suite('GET /api/global')

let t: TestApp
let global: GlobalData

test.before(async () => {
  t = await startApp()
  const res = await t.app.inject('/api/global')
  assert.is(res.statusCode, 200)
  global = body(res).data
})
test.after(async () => {
  await t.close()
})

const byLabel = (items: MenuItem[], label: string): MenuItem => {
  const item = items.find((i) => i.item === label)
  if (!item) throw new Error(`no menu item ${label}`)
  return item
}

test('lists the six products in order', () => {
  assert.equal(global.products, [
    { machine_name: 'internet_access', title: 'Internet Access' },
    { machine_name: 'private_access', title: 'Private Access' },
    { machine_name: 'digital_experience', title: 'Digital Experience' },
    { machine_name: 'workload', title: 'Workload Communications' },
    { machine_name: 'data_protection', title: 'Data Protection' },
    { machine_name: 'deception', title: 'Deception' },
  ])
})

test('lists the eleven clouds with their product, domain, default page and status flags', () => {
  assert.equal(
    global.clouds.map((c) => [c.machine_name, c.domain, c.type]),
    [
      ['auroraedge', 'auroraedge.net', 'internet_access'],
      ['auroraedgeone', 'auroraedgeone.net', 'internet_access'],
      ['auroraedgetwo', 'auroraedgetwo.net', 'internet_access'],
      ['auroraedgethree', 'auroraedgethree.net', 'internet_access'],
      ['auroraedgegov', 'auroraedgegov.net', 'internet_access'],
      ['private', 'private.auroraedge.com', 'private_access'],
      ['privategov', 'private.auroraedgegov.net', 'private_access'],
      ['experience', 'experience.auroraedge.net', 'digital_experience'],
      ['workload', 'workload.auroraedge.net', 'workload'],
      ['dataprotection', 'dlp.auroraedge.net', 'data_protection'],
      ['deception', 'deception.auroraedge.net', 'deception'],
    ],
  )
  for (const c of global.clouds) {
    assert.match(c.id, /^\d+$/)
    assert.is(c.title, c.domain)
    assert.is(c.cloudDomain, c.domain)
    assert.is(c.default_page, c.type === 'internet_access' ? 'cloud-status' : '')
    assert.is(c.cloud_status.core_cloud_services, '1')
    assert.is(c.cloud_status.premium_datacenter, c.machine_name === 'auroraedgethree' ? '1' : '0', c.machine_name)
    const dataCenterBlock = !['workload', 'dataprotection', 'deception'].includes(c.machine_name)
    assert.is(c.cloud_status.datacenter, dataCenterBlock ? '1' : '0', c.machine_name)
  }
  assert.is(new Set(global.clouds.map((c) => c.id)).size, 11)
})

test('main menu: deep-linked items, a sub-menu, hidden items and a non-deep-linked FAQ', () => {
  const main = global.menu.main_menu
  assert.equal(
    main.map((i) => i.item),
    ['Home', 'Cloud Status', 'Incidents', 'Maintenance', 'Security Advisories', 'Notifications', 'Data Center Map', 'Compliance', 'FAQ'],
  )
  const home = byLabel(main, 'Home')
  assert.equal([home.route, home.component, home.deep_link], ['', 'home', true])
  const map = byLabel(main, 'Data Center Map')
  assert.equal([map.route, map.component, map.deep_link], ['data-center-map', 'dc-map', true])
  assert.equal(byLabel(main, 'Security Advisories').hide_from_clouds, ['deception'])
  assert.equal(byLabel(main, 'Compliance').hide_from_clouds, ['experience'])
  assert.equal(byLabel(main, 'Incidents').hide_from_clouds, [])

  const faq = byLabel(main, 'FAQ')
  assert.equal([faq.route, faq.component, faq.deep_link], ['/faq', 'faq', false])

  const notifications = byLabel(main, 'Notifications')
  assert.equal([notifications.route, notifications.component, notifications.deep_link], ['notifications', '', true])
  const subs = notifications.sub_menus
  assert.equal(
    subs.map((s) => [s.item, s.route, s.component, s.deep_link]),
    [
      ['Cloud Application Notifications', 'notifications/cloud-app', 'notifications', true],
      ['URL Category Notifications', 'notifications/url-category', 'notifications', true],
      ['Privacy Notifications', 'notifications/privacy', 'notifications', true],
      ['Vulnerability Management Status', 'https://status.vm.auroraedge.example', 'status-vulnerability-management', false],
      ['Zero Trust Branch Status', 'https://status.branch.auroraedge.example', 'status-zero-trust-branch', false],
    ],
  )
  assert.equal(byLabel(subs, 'Privacy Notifications').hide_from_clouds, ['private', 'privategov'])
  for (const item of main.filter((i) => i.item !== 'Notifications')) assert.equal(item.sub_menus, [])
  assert.is(new Set([...main, ...subs].map((i) => i.id)).size, main.length + subs.length)
})

test('top menu: Help has per-cloud routes with a commercial fallback', () => {
  const top = global.menu.top_menu
  assert.equal(
    top.map((i) => i.item),
    ['Help', 'Community', 'Trust Center Blog'],
  )
  assert.equal(byLabel(top, 'Help').route, {
    commercial: 'https://help.auroraedge.example',
    auroraedgegov: 'https://help.auroraedgegov.example',
    privategov: 'https://help.auroraedgegov.example',
  })
  assert.is(byLabel(top, 'Community').route, 'https://community.auroraedge.example')
  assert.is(byLabel(top, 'Trust Center Blog').route, 'https://blog.auroraedge.example/trust')
  for (const item of top) {
    assert.is(item.component, 'external')
    assert.is(item.deep_link, false)
  }
})

test('sso, links and the variant flags (off by default)', () => {
  assert.equal(global.sso, { alias: '/sso/login', employee_domains: ['auroraedge.example'] })
  assert.is(global.isGov, false)
  assert.is(global.isTrustDR, false)
  assert.equal(global.links, {
    help_site: 'https://help.auroraedge.example',
    continuity_policy: 'https://help.auroraedge.example/articles/service-continuity-policy',
    feedback_email: 'trust-feedback@auroraedge.example',
    vendor: 'Aurora Edge',
    cookie_consent_id: 'trust-auroraedge-commercial',
  })
})

test('the deployment can force the government and disaster-recovery variants on', async () => {
  const gov = await startApp({ variant: { isGov: true, isTrustDR: true } })
  try {
    const data: GlobalData = body(await gov.app.inject('/api/global')).data
    assert.is(data.isGov, true)
    assert.is(data.isTrustDR, true)
    assert.is(data.links.help_site, 'https://help.auroraedgegov.example')
    assert.is(data.links.cookie_consent_id, 'trust-auroraedge-gov')
    // The top menu's Help leads to the government help site for every cloud.
    assert.is(byLabel(data.menu.top_menu, 'Help').route, 'https://help.auroraedgegov.example')
    assert.is(byLabel(data.menu.top_menu, 'Community').route, 'https://community.auroraedge.example')
  } finally {
    await gov.close()
  }
})

test('without an override the settings table decides; an explicit override wins over it', async () => {
  await t.exec("update settings set value = '1' where key in ('is_gov', 'is_trust_dr')")
  const fromSettings: GlobalData = body(await t.app.inject('/api/global')).data
  assert.is(fromSettings.isGov, true)
  assert.is(fromSettings.isTrustDR, true)

  const pinned = await startApp({ dataDir: t.database.dataDir, databaseUrl: t.database.databaseUrl, variant: { isTrustDR: false } })
  try {
    const data: GlobalData = body(await pinned.app.inject('/api/global')).data
    assert.is(data.isTrustDR, false)
    assert.is(data.isGov, true)
  } finally {
    await pinned.stop() // the database belongs to the suite's app
    await t.exec("update settings set value = '0' where key in ('is_gov', 'is_trust_dr')")
  }
})

test('the environment sets the cookie-consent ids and the external status pages', async () => {
  const site = {
    cookieConsentId: 'env-commercial',
    cookieConsentGovId: 'env-gov',
    statusVmUrl: 'https://vm.status.example/',
    statusBranchUrl: 'https://branch.status.example/',
  }
  const commercial = await startApp({ site })
  const gov = await startApp({ site, variant: { isGov: true } })
  try {
    const data: GlobalData = body(await commercial.app.inject('/api/global')).data
    assert.is(data.links.cookie_consent_id, 'env-commercial')
    const subs = byLabel(data.menu.main_menu, 'Notifications').sub_menus
    assert.is(byLabel(subs, 'Vulnerability Management Status').route, 'https://vm.status.example/')
    assert.is(byLabel(subs, 'Zero Trust Branch Status').route, 'https://branch.status.example/')
    const govData: GlobalData = body(await gov.app.inject('/api/global')).data
    assert.is(govData.links.cookie_consent_id, 'env-gov')
  } finally {
    await commercial.close()
    await gov.close()
  }
})

test.run()
