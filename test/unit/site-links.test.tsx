// Links and lines of a site whose Settings are still empty (docs/operating/catalogue.md): the footer reads well
// without a vendor name, and the home page links no continuity policy it does not have.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { SiteLinks } from '../../contract/global'
import { Footer } from '../../shell/Footer'
import { Header } from '../../shell/header/Header'
import { Home } from '../../shell/pages/Home'
import { cloud, clouds, globalDataOf } from '../fixtures/global'

const links = (extra: Partial<SiteLinks> = {}): SiteLinks => ({
  help_site: '',
  continuity_policy: '',
  feedback_email: '',
  vendor: '',
  ...extra,
})

const footerText = (vendor: string) => {
  const html = renderToStaticMarkup(createElement(Footer, { links: links({ vendor }), year: 2026 }))
  const doc = new DOMParser().parseFromString(html, 'text/html')
  return doc.querySelector('footer span')!.textContent
}

test('footer: the vendor’s name in the copyright line; without one, no stray " . "', () => {
  assert.is(footerText('Nimbus Networks'), '© 2026 Nimbus Networks. All rights reserved.')
  assert.is(footerText(''), '© 2026 All rights reserved.')
  assert.is(footerText('   '), '© 2026 All rights reserved.', 'blank is no name')
})

test('header: the brand names the vendor; without a name it reads "Trust site", never " Trust"', () => {
  const brand = (vendor: string) => {
    const global = globalDataOf(clouds)
    const html = renderToStaticMarkup(
      createElement(Header, {
        global: { ...global, links: { ...global.links, vendor } },
        cloud: clouds[0],
        currentPath: '/',
        onSelectCloud: () => {},
      }),
    )
    const logo = new DOMParser().parseFromString(html, 'text/html').querySelector('header a[aria-label]')!
    return [logo.textContent, logo.getAttribute('aria-label')]
  }
  assert.equal(brand('Nimbus Networks'), ['Nimbus Networks Trust', 'Nimbus Networks Trust, home'])
  assert.equal(brand(''), ['Trust site', 'Trust site, home'])
  assert.equal(brand('  '), ['Trust site', 'Trust site, home'])
})

test('home: the continuity-policy note only when Settings link a policy', () => {
  const home = (continuity_policy: string) =>
    new DOMParser().parseFromString(
      renderToStaticMarkup(
        createElement(Home, { cloud: cloud('alpha', 'alpha.net', 'internet_access'), links: links({ continuity_policy }) }),
      ),
      'text/html',
    )
  const none = home('')
  assert.is(none.querySelector('a[target="_blank"]'), null, 'no link to nowhere')
  assert.not.ok(none.body.textContent!.includes('continuity'), none.body.textContent!)
  const policy = home('https://help.example/continuity').querySelector<HTMLAnchorElement>('a[target="_blank"]')
  assert.ok(policy, 'the policy link')
  assert.is(policy!.textContent, 'service continuity policy')
  assert.is(policy!.getAttribute('href'), 'https://help.example/continuity')
})

test.run()
