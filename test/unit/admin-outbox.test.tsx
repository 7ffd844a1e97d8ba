// The mail outbox of the console's dashboard (issue 41, "mail is never silently stuck"): how mail is
// delivered and by whom, how long the oldest queued message has waited, and the banner when mail
// is not sent at all (production without SMTP_URL) or has waited a quarter of an hour with a mail
// server — in English and in German.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createElement } from 'react'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { OutboxData } from '../../contract/admin'
import type { Locale } from '../../contract/locale'
import { Outbox, STUCK_AFTER_SECONDS, waitedFor } from '../../shell/admin/Outbox'
import { addCatalogue, type Catalogue } from '../../widgets/core/i18n/index'
import { LocaleContext } from '../../widgets/core/i18n/react'
import { mount, waitFor } from '../fixtures/dom'

addCatalogue('de', JSON.parse(readFileSync(join(import.meta.dirname, '../../shell/admin/locales/de.json'), 'utf8')) as Catalogue)

function outbox(over: Partial<OutboxData> = {}): OutboxData {
  return {
    delivery: 'smtp',
    sender: 'Nimbus Security <no-reply@status.nimbus.example>',
    queued: 1,
    sent: 4,
    failed: 0,
    oldest_queued: '2026-05-01T09:00:00.000Z',
    oldest_queued_seconds: 3 * 3600 + 120,
    messages: [],
    ...over,
  }
}

/** Renders the outbox in `locale` and returns its banner (or null), delivery line and waiting line. */
async function render(data: OutboxData, locale: Locale = 'en') {
  const { container, root, unmount } = mount()
  try {
    root.render(
      createElement(
        LocaleContext.Provider,
        { value: locale },
        createElement(Outbox, { outbox: data, canRetry: false, timezone: 'UTC', onChanged: () => undefined }),
      ),
    )
    await waitFor(() => !!container.querySelector('[data-testid="outbox-oldest"]'), 'the outbox')
    const banner = container.querySelector('[data-testid="mail-banner"]')
    return {
      banner: banner && { role: banner.getAttribute('role'), text: banner.textContent },
      delivery: container.querySelector('[data-testid="outbox-delivery"]')!.textContent,
      oldest: container.querySelector('[data-testid="outbox-oldest"]')!.textContent,
    }
  } finally {
    unmount()
  }
}

test('waiting times in words: under a minute, minutes, hours below two days, then days', () => {
  assert.is(waitedFor(59, 'en', 'less than a minute'), 'less than a minute')
  assert.is(waitedFor(60, 'en', '-'), '1 minute')
  assert.is(waitedFor(59 * 60 + 59, 'en', '-'), '59 minutes')
  assert.is(waitedFor(3600, 'en', '-'), '1 hour')
  assert.is(waitedFor(47 * 3600, 'en', '-'), '47 hours')
  assert.is(waitedFor(2 * 86_400, 'en', '-'), '2 days')
  assert.is(waitedFor(3 * 3600, 'de', '-'), '3 Stunden')
})

test('delivery off: an alert says mail is not being sent and what to do; the oldest queued message and its age', async () => {
  const { banner, delivery, oldest } = await render(outbox({ delivery: 'off', queued: 2 }))
  assert.is(banner?.role, 'alert')
  assert.match(banner!.text!, /^Mail is not being sent SMTP_URL is not set, so sign-up, password-reset and notification emails stay queued/)
  assert.match(banner!.text!, 'Set SMTP_URL to your mail server')
  assert.is(delivery, 'Delivery: off: nothing is sent while SMTP_URL is not set · Sender: Nimbus Security <no-reply@status.nimbus.example>')
  assert.is(oldest, 'Oldest queued message: 3 hours in the queue (created Fri, 01 May 2026 09:00:00 UTC)')
})

test('with a mail server: no banner while mail flows; "Mail is waiting" once the oldest has waited a quarter of an hour', async () => {
  const flowing = await render(outbox({ oldest_queued_seconds: STUCK_AFTER_SECONDS - 1 }))
  assert.is(flowing.banner, null)
  assert.is(flowing.delivery, 'Delivery: through the mail server of SMTP_URL · Sender: Nimbus Security <no-reply@status.nimbus.example>')
  const stuck = await render(outbox({ oldest_queued_seconds: STUCK_AFTER_SECONDS }))
  assert.equal(stuck.banner, {
    role: 'alert',
    text: 'Mail is waiting The oldest queued message has waited 15 minutes. Look at the errors of the messages below and at the mail server of SMTP_URL.',
  })
})

test('development and an empty queue: no banner, "none" for the oldest', async () => {
  const { banner, delivery, oldest } = await render(
    outbox({ delivery: 'dev_mail', queued: 0, oldest_queued: null, oldest_queued_seconds: null }),
  )
  assert.is(banner, null)
  assert.match(delivery!, 'Delivery: not sent: development mode lists mail at /dev/mail')
  assert.is(oldest, 'Oldest queued message: none, nothing is waiting')
})

test('in German: the banner, the delivery and the waiting time', async () => {
  const { banner, delivery, oldest } = await render(outbox({ delivery: 'off' }), 'de')
  assert.match(banner!.text!, /^E-Mails werden nicht gesendet SMTP_URL ist nicht gesetzt/)
  assert.match(delivery!, /^Zustellung: aus: Solange SMTP_URL nicht gesetzt ist/)
  assert.match(oldest!, /^Älteste Nachricht in der Warteschlange: 3 Stunden in der Warteschlange \(erstellt /)
})

test.run()
