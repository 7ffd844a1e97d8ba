// The mail outbox of the console's dashboard (docs/operating/catalogue.md, "mail is never silently stuck"): how mail is
// delivered and by whom, how long the oldest queued message has waited, and the banner when mail
// is not sent at all (production without SMTP_URL) or has waited a quarter of an hour with a mail
// server — in English and in German. Issue 42, "the notification storm": each notification fan-out
// with its progress in words on a labelled bar, the sending rate, failures; the outbox read again
// every 5 seconds while a fan-out runs (the refresh timer faked), and no more once none runs.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createElement } from 'react'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { OutboxData, OutboxFanout } from '../../contract/admin'
import type { Locale } from '../../contract/locale'
import { OUTBOX_REFRESH_MS, Outbox, STUCK_AFTER_SECONDS, waitedFor } from '../../shell/admin/Outbox'
import { addCatalogue, type Catalogue } from '../../contract/i18n/index.js'
import { LocaleContext } from '../../widgets/core/i18n/react'
import { type Clock, installClock } from '../fixtures/clock'
import { mount, type Served, serve, settle, waitFor } from '../fixtures/dom'

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
    sent_per_second: 0,
    fanouts: [],
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

// ---------------------------------------------------------------------------------------------
// Notification fan-outs

function fanout(over: Partial<OutboxFanout> = {}): OutboxFanout {
  return {
    event_id: 7,
    record_id: 12,
    title: 'Slow sign-in',
    type: 'incident',
    kind: 'published',
    recipients: 5000,
    enqueued: 5000,
    sent: 1234,
    queued: 3766,
    failed: 0,
    expanding: false,
    started: '2026-05-01T09:00:00.000Z',
    finished: null,
    ...over,
  }
}

/**
 * Moves the clock to the outbox's next read: nothing is read 1 ms before OUTBOX_REFRESH_MS,
 * the read goes out at it.
 */
async function nextRead(clock: Clock, calls: Served[]) {
  const before = calls.length
  await clock.tickAsync(OUTBOX_REFRESH_MS - 1)
  await settle()
  assert.is(calls.length, before, 'no read before 5 seconds')
  await clock.tickAsync(1)
}

/** Mounts the outbox of `data` in `locale`; the caller unmounts. */
async function show(data: OutboxData, locale: Locale = 'en') {
  const mounted = mount()
  mounted.root.render(
    createElement(
      LocaleContext.Provider,
      { value: locale },
      createElement(Outbox, { outbox: data, canRetry: false, timezone: 'UTC', onChanged: () => undefined }),
    ),
  )
  await waitFor(() => !!mounted.container.querySelector('[data-testid="outbox-oldest"]'), 'the outbox')
  return mounted
}

/** What one fan-out shows: its words, and the bar's value, maximum and label (the texts it names). */
function fanoutView(item: Element) {
  const bar = item.querySelector('progress')!
  const label = (bar.getAttribute('aria-labelledby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent)
  return {
    title: item.querySelector('strong')!.textContent,
    what: item.querySelector('strong + span')!.textContent,
    bar: { value: Number(bar.getAttribute('value')), max: Number(bar.getAttribute('max')), label },
    progress: item.querySelector('[data-testid="fanout-progress"]')!.textContent,
    state: item.querySelector('[data-testid="fanout-state"]')!.textContent,
    failed: item.querySelector('[data-testid="fanout-failed"]')?.textContent ?? null,
  }
}

const text = (container: HTMLElement, id: string) => container.querySelector(`[data-testid="${id}"]`)?.textContent ?? null

test('fan-outs: the title, "1,234 of 5,000 sent" on a labelled bar, what it is doing, failures; the rate beside the oldest queued age', async () => {
  const clock = installClock()
  const data = outbox({
    sent_per_second: 312.4,
    fanouts: [
      fanout({
        event_id: 9,
        record_id: 14,
        title: 'Database failover',
        recipients: 5000,
        enqueued: 2000,
        sent: 1000,
        queued: 1000,
        expanding: true,
      }),
      fanout({ failed: 12, queued: 3754 }),
      fanout({
        event_id: 5,
        title: 'Core switch upgrade',
        type: 'maintenance',
        kind: 'started',
        sent: 4990,
        queued: 0,
        failed: 10,
        finished: '2026-05-01T09:20:00.000Z',
      }),
    ],
  })
  const { container, unmount } = await show(data)
  try {
    assert.is(container.querySelector('h3')?.textContent, 'Notifications being sent')
    const [adding, sending, done] = Array.from(container.querySelectorAll('[data-testid="fanout"]'), fanoutView)
    assert.equal(adding, {
      title: 'Database failover',
      what: 'Incident · Published · started Fri, 01 May 2026 09:00:00 UTC',
      // While recipients are added, the total is the subscribers the event matched.
      bar: { value: 1000, max: 5000, label: ['Database failover', '1,000 of 5,000 sent'] },
      progress: '1,000 of 5,000 sent',
      state: 'Adding recipients: 2,000 of 5,000 emails queued so far',
      failed: null,
    })
    assert.equal(sending, {
      title: 'Slow sign-in',
      what: 'Incident · Published · started Fri, 01 May 2026 09:00:00 UTC',
      bar: { value: 1234, max: 5000, label: ['Slow sign-in', '1,234 of 5,000 sent'] },
      progress: '1,234 of 5,000 sent',
      state: 'Sending: 3,754 emails waiting',
      failed: 'Failed: 12 (Retry is in the list below)',
    })
    assert.equal(done, {
      title: 'Core switch upgrade',
      what: 'Maintenance · Started · started Fri, 01 May 2026 09:00:00 UTC',
      bar: { value: 4990, max: 5000, label: ['Core switch upgrade', '4,990 of 5,000 sent'] },
      progress: '4,990 of 5,000 sent',
      state: 'Finished Fri, 01 May 2026 09:20:00 UTC',
      failed: 'Failed: 10 (Retry is in the list below)',
    })
    const rate = container.querySelector('[data-testid="outbox-rate"]')!
    assert.is(rate.textContent, 'Sending rate: 312.4 emails per second over the last 10 seconds')
    assert.is(rate.nextElementSibling?.getAttribute('data-testid'), 'outbox-oldest', 'the rate and the oldest queued age side by side')
    assert.match(container.textContent!, 'This part is read again every 5 seconds while notifications are being sent.')
  } finally {
    unmount()
    clock.uninstall()
  }
})

test('fan-outs in German: numbers in the locale’s format', async () => {
  const clock = installClock()
  const { container, unmount } = await show(outbox({ sent_per_second: 312.4, fanouts: [fanout({ failed: 12, queued: 3754 })] }), 'de')
  try {
    const view = fanoutView(container.querySelector('[data-testid="fanout"]')!)
    assert.is(view.progress, '1.234 von 5.000 gesendet')
    assert.is(view.state, 'Versand läuft: 3.754 E-Mails warten')
    assert.is(text(container, 'outbox-rate'), 'Senderate: 312,4 E-Mails pro Sekunde in den letzten 10 Sekunden')
  } finally {
    unmount()
    clock.uninstall()
  }
})

test('while a fan-out runs the outbox is read again every 5 seconds, and no more once it has finished', async () => {
  const clock = installClock()
  const answers = [
    outbox({ sent_per_second: 250, fanouts: [fanout({ sent: 3000, queued: 2000 })] }),
    outbox({ queued: 0, sent_per_second: 80.5, fanouts: [fanout({ sent: 5000, queued: 0, finished: '2026-05-01T09:20:00.000Z' })] }),
  ]
  const api = serve((_call, calls) => ({ data: answers[calls.length - 1] }))
  const { container, unmount } = await show(outbox({ sent_per_second: 120, fanouts: [fanout()] }))
  try {
    assert.is(text(container, 'fanout-progress'), '1,234 of 5,000 sent')
    await waitFor(() => clock.countTimers() === 1, 'a read due in 5 seconds')
    assert.equal(api.calls, [], 'nothing read before')

    await nextRead(clock, api.calls)
    await waitFor(() => text(container, 'fanout-progress') === '3,000 of 5,000 sent', 'the first read')
    assert.equal(api.calls, [{ path: '/api/admin/outbox', query: {} }])
    assert.is(text(container, 'outbox-rate'), 'Sending rate: 250 emails per second over the last 10 seconds')
    await waitFor(() => clock.countTimers() === 1, 'the next read is due')

    await nextRead(clock, api.calls)
    await waitFor(() => text(container, 'fanout-state') === 'Finished Fri, 01 May 2026 09:20:00 UTC', 'the second read')
    assert.is(text(container, 'fanout-progress'), '5,000 of 5,000 sent')
    await settle()
    assert.is(clock.countTimers(), 0, 'nothing runs: no more reads')
    assert.is(api.calls.length, 2)
    assert.not.match(container.textContent!, 'read again every 5 seconds')
  } finally {
    unmount()
    api.restore()
    clock.uninstall()
  }
})

test('the reading stops when the screen goes, and never starts when nothing moves', async () => {
  const clock = installClock()
  const api = serve(() => ({ data: outbox() }))
  try {
    const running = await show(outbox({ fanouts: [fanout()] }))
    await waitFor(() => clock.countTimers() === 1, 'a read due in 5 seconds')
    running.unmount()
    assert.is(clock.countTimers(), 0, 'unmounting cancels the waiting read')

    // Finished, or queued mail that waits for SMTP_URL (delivery off): nothing changes by itself.
    for (const data of [
      outbox({ fanouts: [fanout({ sent: 5000, queued: 0, finished: '2026-05-01T09:20:00.000Z' })] }),
      outbox({ delivery: 'off', fanouts: [fanout({ sent: 0, queued: 5000 })] }),
    ]) {
      const still = await show(data)
      await settle()
      assert.is(clock.countTimers(), 0, JSON.stringify(data.fanouts[0]))
      still.unmount()
    }
    // Recipients still being added move the numbers, delivery off or not.
    const adding = await show(outbox({ delivery: 'off', fanouts: [fanout({ sent: 0, enqueued: 2000, queued: 2000, expanding: true })] }))
    await waitFor(() => clock.countTimers() === 1, 'a read due in 5 seconds')
    adding.unmount()
    assert.equal(api.calls, [])
  } finally {
    api.restore()
    clock.uninstall()
  }
})

test('a failed read keeps what is shown, says why, and is tried again 5 seconds later', async () => {
  const clock = installClock()
  const api = serve(
    () => new Response(JSON.stringify({ error: { code: 'internal_error', message: 'The server could not answer.' } }), { status: 500 }),
  )
  const { container, unmount } = await show(outbox({ fanouts: [fanout()] }))
  try {
    await waitFor(() => clock.countTimers() === 1, 'a read due in 5 seconds')
    await nextRead(clock, api.calls)
    await waitFor(() => text(container, 'outbox-refresh-failed') !== null, 'the failure')
    assert.is(
      text(container, 'outbox-refresh-failed'),
      'The outbox could not be read again: The server could not answer. It is tried again in 5 seconds.',
    )
    assert.is(text(container, 'fanout-progress'), '1,234 of 5,000 sent')
    await waitFor(() => clock.countTimers() === 1, 'the next read is due')
  } finally {
    unmount()
    api.restore()
    clock.uninstall()
  }
})

test.run()
