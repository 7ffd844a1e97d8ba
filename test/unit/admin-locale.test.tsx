// The admin console in another language (docs/languages-and-themes.md): its texts come from the console's catalogues
// (shell/admin/**/locales), the record types, statuses, event types and severities use the glossary's words
// (the public pages' `core.terms`, contract/locales), times follow
// the locale, and the server's error codes are translated on the client while English pages keep
// the server's own message.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createElement } from 'react'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { notPermittedText } from '../../shell/admin/access'
import AdminConsole from '../../shell/admin/AdminConsole'
import { draftErrors, mailsText, newDraft, valueName } from '../../shell/admin/desk/model'
import { consoleErrorText } from '../../shell/admin/errors'
import { failureOf } from '../../shell/admin/save'
import { screenName } from '../../shell/admin/sections'
import { clearSession } from '../../shell/accounts/account'
import { permissionsOf } from '../../contract/permissions'
import { addCatalogue, type Catalogue } from '../../contract/i18n/index.js'
import { LocaleContext } from '../../widgets/core/i18n/react'
import { ApiError } from '../../widgets/core/request'
import { mount, settle, waitFor } from '../fixtures/dom'
import { deskApi, deskRow, signedInAs } from './admin-fixtures'

const root = join(import.meta.dirname, '../..')
const catalogue = (locale: string): Catalogue =>
  Object.assign(
    {},
    ...['shell/admin', 'shell/admin/desk', 'shell/admin/forms', 'contract'].map((dir) =>
      JSON.parse(readFileSync(join(root, dir, 'locales', `${locale}.json`), 'utf8')),
    ),
  )
addCatalogue('de', catalogue('de'))
addCatalogue('ar', catalogue('ar'))

test('locale: the console texts of the pure helpers in German, English unchanged', () => {
  assert.is(notPermittedText('catalog', 'de'), 'Ihre Rollen erlauben keine Änderungen am Katalog.')
  assert.is(notPermittedText('catalog'), 'Your roles do not allow you to change the catalogue.')
  assert.is(mailsText('Veröffentlicht.', 3, 'de'), 'Veröffentlicht. 3 E-Mails in der Warteschlange.')
  assert.is(mailsText('Veröffentlicht.', 1, 'de'), 'Veröffentlicht. 1 E-Mail in der Warteschlange.')
  assert.is(screenName('desk', undefined, 'de'), 'Störungsdesk')
  assert.is(screenName('catalog', 'data_centers', 'de'), 'Rechenzentren')
  assert.is(valueName('In Progress', 'de'), 'In Bearbeitung')
  assert.is(valueName('Service Degradation', 'de'), 'Dienstbeeinträchtigung')
  assert.is(valueName('Under Investigation', 'ar'), 'قيد التحقيق')
  assert.is(valueName('Major outage', 'de'), 'Major outage', 'an operator’s own name as it is')
  assert.is(valueName('Service Degradation'), 'Service Degradation')
  const draft = newDraft(permissionsOf(['trust_admin']), { zone: 'UTC' })
  assert.equal(draftErrors(draft, 'UTC', { locale: 'de' }), [
    'title: der Titel ist erforderlich.',
    'clouds: wählen Sie mindestens eine Cloud-Umgebung.',
  ])
})

test('locale: server error codes are translated on the client; English pages show the server message', () => {
  const refused = new ApiError('Your roles do not allow you to publish this kind of record.', 403, 'Forbidden', 'not_permitted')
  assert.is(consoleErrorText(refused, 'en'), 'Your roles do not allow you to publish this kind of record.')
  assert.is(consoleErrorText(refused, 'de'), 'Ihre Rollen erlauben diese Änderung nicht.')
  assert.is(
    consoleErrorText(new ApiError('boom', 502, 'Bad Gateway', 'upstream_down'), 'de'),
    'Die Anfrage ist fehlgeschlagen (Status 502).',
  )
  assert.is(
    consoleErrorText(new ApiError('The service could not be reached.', 0, 'Network error'), 'de'),
    'Der Dienst ist nicht erreichbar.',
  )
  const invalid = new ApiError('title: the title is required.; clouds: unknown cloud x', 400, 'Bad Request', 'invalid')
  assert.equal(failureOf(invalid), { kind: 'invalid', messages: ['title: the title is required.', 'clouds: unknown cloud x'] })
  assert.equal(failureOf(invalid, 'de'), {
    kind: 'invalid',
    messages: ['title: der Server hat diesen Wert abgelehnt.', 'clouds: der Server hat diesen Wert abgelehnt.'],
  })
  assert.equal(failureOf(refused, 'de'), { kind: 'failed', message: 'Ihre Rollen erlauben diese Änderung nicht.' })
})

test('locale: the incident desk renders in German with the glossary terms', async () => {
  clearSession()
  signedInAs(['trust_admin'], 'csrf-l')
  const api = deskApi({ records: [deskRow(1)] })
  const { container, root: r, unmount } = mount()
  try {
    r.render(createElement(LocaleContext.Provider, { value: 'de' }, createElement(AdminConsole, { screen: 'desk' })))
    await waitFor(() => !!container.querySelector('[data-testid="desk-row"]'), 'a record row')
    await settle()
    assert.is(container.querySelector('h1')!.textContent, 'Störungsdesk')
    const nav = container.querySelector('nav[aria-label="Verwaltung"]')
    assert.ok(nav, 'the navigation is labelled in German')
    assert.ok(container.textContent!.includes('Neue Störung'), 'new incident link')
    const row = container.querySelector('[data-testid="desk-row"]')!
    assert.ok(row.textContent!.includes('Störung'), row.textContent!)
    assert.ok(row.textContent!.includes('In Bearbeitung'), row.textContent!)
    assert.ok(row.textContent!.includes('Dienstbeeinträchtigung'), `the severity in German: ${row.textContent}`)
    assert.not.ok(row.textContent!.includes('Service Degradation'), row.textContent!)
    assert.not.ok(/\d\d \w{3} \d{4} \d\d:\d\d:\d\d UTC/.test(row.textContent!), 'not the English timestamp pattern')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('locale: Arabic plural forms of the mail count', () => {
  assert.is(mailsText('تم النشر.', 2, 'ar'), 'تم النشر. رسالتان في قائمة الانتظار.')
  assert.is(mailsText('تم النشر.', 5, 'ar'), 'تم النشر. 5 رسائل في قائمة الانتظار.')
})

test.run()
