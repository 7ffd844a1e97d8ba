import { useEffect, useState } from 'react'
import type { DashboardRecord, MailDelivery, OutboxData, OutboxFanout, OutboxMessage } from '../../contract/admin'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { formatTimestamp } from '../../contract/time.js'
import * as forms from '../accounts/accounts.css'
import * as styles from './admin.css'
import { ListSection } from './ConsoleScreen'
import { DataTable } from './controls'
import { notPermittedText } from './access'
import { fetchOutbox, retryOutbox } from './api'
import { consoleErrorText } from './errors'
import { adminMailMessages, adminMessages } from './messages'

/** The message of each state's name. */
const STATE_NAMES: Record<OutboxMessage['state'], 'queued' | 'sent' | 'failed'> = { queued: 'queued', sent: 'sent', failed: 'failed' }

/** The message of each way of delivery. */
const DELIVERY_NAMES: Record<MailDelivery, 'deliverySmtp' | 'deliveryDevMail' | 'deliveryOff'> = {
  smtp: 'deliverySmtp',
  dev_mail: 'deliveryDevMail',
  off: 'deliveryOff',
}

/** The message of each record type's name. */
const TYPE_NAMES: Record<DashboardRecord['type'], 'typeIncident' | 'typeMaintenance' | 'typeAdvisory' | 'typeNotification'> = {
  incident: 'typeIncident',
  maintenance: 'typeMaintenance',
  advisory: 'typeAdvisory',
  notification: 'typeNotification',
}

/** The message of each record event's name. */
const KIND_NAMES: Record<OutboxFanout['kind'], keyof typeof adminMailMessages.base> = {
  published: 'kindPublished',
  updated: 'kindUpdated',
  reminder: 'kindReminder',
  started: 'kindStarted',
  completed: 'kindCompleted',
  postponed: 'kindPostponed',
  cancelled: 'kindCancelled',
}

/** How often the outbox is read again while {@link outboxMoving}, ms. */
export const OUTBOX_REFRESH_MS = 5_000

/**
 * Whether the outbox changes by itself: a fan-out is still adding recipients, or has queued
 * emails that are being sent (not with delivery `off`, where they only wait).
 */
export function outboxMoving(outbox: Pick<OutboxData, 'delivery' | 'fanouts'>): boolean {
  return outbox.fanouts.some((f) => f.expanding || (f.queued > 0 && outbox.delivery !== 'off'))
}

/**
 * With a mail server configured, queued mail older than this (seconds) is called out: the mailer
 * tries every 5 seconds, so a quarter of an hour means retries that keep failing or a server that
 * does not answer.
 */
export const STUCK_AFTER_SECONDS = 15 * 60

/**
 * A waiting time in words in `locale`: `underAMinute` below a minute, then whole minutes, hours
 * (below two days) or days, e.g. "12 minutes", "3 hours", "2 days" (`Intl.NumberFormat` units).
 */
export function waitedFor(seconds: number, locale: string, underAMinute: string): string {
  const format = (value: number, unit: 'minute' | 'hour' | 'day') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value)
  if (seconds < 60) return underAMinute
  if (seconds < 3600) return format(Math.floor(seconds / 60), 'minute')
  if (seconds < 2 * 86_400) return format(Math.floor(seconds / 3600), 'hour')
  return format(Math.floor(seconds / 86_400), 'day')
}

/**
 * The outbox's banner: "Mail is not being sent" with what to do when delivery is `off` (production
 * without `SMTP_URL`), "Mail is waiting" when, with a mail server, the oldest queued message has
 * waited {@link STUCK_AFTER_SECONDS} or more; nothing otherwise. An alert, since it appears when
 * the dashboard has loaded.
 */
export function MailBanner({ outbox }: { outbox: Pick<OutboxData, 'delivery' | 'oldest_queued_seconds'> }) {
  const m = useMessages(adminMailMessages)
  const locale = useLocale()
  if (outbox.delivery === 'off') {
    return (
      <div className={forms.errorBox} role="alert" data-testid="mail-banner">
        <strong>{m.offTitle}</strong> {m.offText}
      </div>
    )
  }
  const waited = outbox.oldest_queued_seconds
  if (outbox.delivery === 'smtp' && waited !== null && waited >= STUCK_AFTER_SECONDS) {
    return (
      <div className={forms.warningBox} role="alert" data-testid="mail-banner">
        <strong>{m.stuckTitle}</strong> {m.stuckText({ age: waitedFor(waited, locale, m.underAMinute) })}
      </div>
    )
  }
  return null
}

/**
 * One notification fan-out: the record's title, its type, what happened and when; a progress bar
 * of the emails sent, labelled in words ("12,345 of 100,000 sent", numbers in the locale's format,
 * so it is not told by the bar alone); what it is doing (adding recipients, sending, waiting for
 * delivery, or when it finished) and how many failed, if any.
 */
function FanoutItem({ fanout, delivery, timezone }: { fanout: OutboxFanout; delivery: MailDelivery; timezone: string }) {
  const t = useMessages(adminMessages)
  const m = useMessages(adminMailMessages)
  const locale = useLocale()
  const number = (n: number) => new Intl.NumberFormat(locale).format(n)
  // While recipients are still being added, the total is the subscribers the event matched.
  const total = fanout.expanding ? Math.max(fanout.recipients, fanout.enqueued) : fanout.enqueued
  const id = `fanout-${fanout.event_id}`
  const type = TYPE_NAMES[fanout.type]
  const kind = KIND_NAMES[fanout.kind]
  const state = fanout.expanding
    ? m.fanoutAdding({ enqueued: number(fanout.enqueued), recipients: number(fanout.recipients) })
    : fanout.finished !== null
      ? m.fanoutFinished({ time: formatTimestamp(fanout.finished, timezone, locale) })
      : delivery === 'off'
        ? m.fanoutWaiting({ queued: number(fanout.queued) })
        : m.fanoutSending({ queued: number(fanout.queued) })
  return (
    <li className={styles.fanout} data-testid="fanout">
      <strong id={`${id}-title`}>{fanout.title}</strong>
      <span className={styles.itemDetail}>
        {m.fanoutWhat({
          type: type ? t[type] : fanout.type,
          kind: kind ? (m[kind] as string) : fanout.kind,
          time: formatTimestamp(fanout.started, timezone, locale),
        })}
      </span>
      <progress
        className={styles.fanoutBar}
        value={fanout.sent}
        max={Math.max(total, 1)}
        aria-labelledby={`${id}-title ${id}-progress`}
        data-testid="fanout-bar"
      />
      <span id={`${id}-progress`} data-testid="fanout-progress">
        {m.fanoutProgress({ sent: number(fanout.sent), total: number(total) })}
      </span>
      <span className={styles.itemDetail} data-testid="fanout-state">
        {state}
      </span>
      {fanout.failed > 0 && (
        <span className={styles.itemDetail} data-testid="fanout-failed">
          {m.fanoutFailed({ failed: number(fanout.failed) })}
        </span>
      )}
    </li>
  )
}

/**
 * The outbox shown: `outbox` (the dashboard's), then, while {@link outboxMoving}, what
 * `GET /api/admin/outbox` answers every {@link OUTBOX_REFRESH_MS}. The reading stops when nothing
 * moves any more or the screen goes (its request aborted); a new `outbox` (the dashboard reloaded)
 * replaces it. A failed read keeps what is shown, says why, and is tried again after the interval.
 */
function useLiveOutbox(outbox: OutboxData): { live: OutboxData; failure: string | null } {
  const locale = useLocale()
  const [live, setLive] = useState(outbox)
  const [failure, setFailure] = useState<string | null>(null)
  const [round, setRound] = useState(0)
  useEffect(() => {
    setLive(outbox)
    setFailure(null)
  }, [outbox])
  const moving = outboxMoving(live)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` starts the next wait after each read
  useEffect(() => {
    if (!moving) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      fetchOutbox(controller.signal).then(
        (next) => {
          if (controller.signal.aborted) return
          setLive(next)
          setFailure(null)
          setRound((r) => r + 1)
        },
        (error) => {
          if (controller.signal.aborted) return
          setFailure(consoleErrorText(error, locale))
          setRound((r) => r + 1)
        },
      )
    }, OUTBOX_REFRESH_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [moving, round, locale])
  return { live, failure }
}

/**
 * The mail outbox: the {@link MailBanner} when mail is not sent or waits long; how mail is
 * delivered and its sender; the notification fan-outs running or just finished, each with its
 * progress ({@link FanoutItem}); counts per state; the sending rate and how long the oldest queued
 * message has waited; the latest messages (failed first), state written out; Retry on a failed or
 * queued message (`POST /api/admin/outbox/{id}/retry`) for users with the `outbox` permission,
 * after which the dashboard reloads and a status line says what happened. While a fan-out moves,
 * the outbox is read again every 5 seconds ({@link useLiveOutbox}).
 */
export function Outbox({
  outbox: given,
  canRetry,
  timezone,
  onChanged,
}: {
  outbox: OutboxData
  canRetry: boolean
  timezone: string
  onChanged: () => void
}) {
  const { live: outbox, failure } = useLiveOutbox(given)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const [busy, setBusy] = useState<number | null>(null)
  const t = useMessages(adminMessages)
  const m = useMessages(adminMailMessages)
  const locale = useLocale()

  const retry = async (m: OutboxMessage) => {
    if (busy !== null) return
    setBusy(m.id)
    setMessage(null)
    try {
      await retryOutbox(m.id)
      setMessage({ ok: true, text: t.queuedAgain({ to: m.to }) })
      onChanged()
    } catch (error) {
      setMessage({ ok: false, text: t.notQueuedAgain({ to: m.to, error: consoleErrorText(error, locale) }) })
    } finally {
      setBusy(null)
    }
  }

  return (
    <ListSection id="admin-outbox" testId={false} title={t.outbox}>
      <MailBanner outbox={outbox} />
      <p className={styles.note} data-testid="outbox-delivery">
        {m.delivery}: {m[DELIVERY_NAMES[outbox.delivery]] ?? outbox.delivery} · {m.sender}: {outbox.sender}
      </p>
      {outbox.fanouts.length > 0 && (
        <>
          <h3 className={styles.subTitle}>{m.fanoutsTitle}</h3>
          <ul className={styles.fanouts} data-testid="fanouts">
            {outbox.fanouts.map((f) => (
              <FanoutItem key={f.event_id} fanout={f} delivery={outbox.delivery} timezone={timezone} />
            ))}
          </ul>
          {outboxMoving(outbox) && <p className={styles.note}>{m.refreshing}</p>}
        </>
      )}
      {failure && (
        <p className={styles.note} role="status" data-testid="outbox-refresh-failed">
          {m.refreshFailed({ error: failure })}
        </p>
      )}
      <dl className={styles.counts}>
        <div>
          <dt>{t.queued}</dt>
          <dd>{outbox.queued}</dd>
        </div>
        <div>
          <dt>{t.sent}</dt>
          <dd>{outbox.sent}</dd>
        </div>
        <div>
          <dt>{t.failed}</dt>
          <dd>{outbox.failed}</dd>
        </div>
      </dl>
      <p className={styles.note} data-testid="outbox-rate">
        {m.sentPerSecond({ rate: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(outbox.sent_per_second) })}
      </p>
      <p className={styles.note} data-testid="outbox-oldest">
        {m.oldestQueued}:{' '}
        {outbox.oldest_queued !== null && outbox.oldest_queued_seconds !== null
          ? m.waiting({
              age: waitedFor(outbox.oldest_queued_seconds, locale, m.underAMinute),
              time: formatTimestamp(outbox.oldest_queued, timezone, locale),
            })
          : m.noneQueued}
      </p>
      {!canRetry && <p className={styles.note}>{notPermittedText('outbox', locale)}</p>}
      {message && (
        <div className={message.ok ? forms.successBox : forms.errorBox} role={message.ok ? 'status' : 'alert'} data-testid="outbox-message">
          {message.text}
        </div>
      )}
      {outbox.messages.length === 0 ? (
        <p className={styles.note}>{t.outboxEmpty}</p>
      ) : (
        <DataTable
          label={t.latestMessages}
          columns={[t.to, t.subject, t.state, t.attempts, t.error, t.created, t.sent, canRetry && t.action]}
        >
          {outbox.messages.map((m) => (
            <tr key={m.id}>
              <td>{m.to}</td>
              <td>{m.subject}</td>
              <td>
                <span className={styles.state} data-state={m.state}>
                  {STATE_NAMES[m.state] ? t[STATE_NAMES[m.state]] : m.state}
                </span>
              </td>
              <td>{m.attempts}</td>
              <td>{m.error ?? '—'}</td>
              <td>{formatTimestamp(m.created, timezone, locale)}</td>
              <td>{m.sent_at ? formatTimestamp(m.sent_at, timezone, locale) : '—'}</td>
              {canRetry && (
                <td>
                  {m.state !== 'sent' && (
                    <button
                      type="button"
                      className={styles.small}
                      aria-label={t.retryMail({ to: m.to, subject: m.subject })}
                      aria-disabled={busy !== null || undefined}
                      onClick={() => void retry(m)}
                    >
                      {busy === m.id ? t.retrying : t.retry}
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
    </ListSection>
  )
}
