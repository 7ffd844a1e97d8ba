import { useState } from 'react'
import type { OutboxData, OutboxMessage } from '../../contract/admin'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { formatTimestamp } from '../../widgets/core/time'
import * as forms from '../accounts/accounts.css'
import * as styles from './admin.css'
import { TableWrap } from './controls'
import { notPermittedText } from './access'
import { retryOutbox } from './api'
import { consoleErrorText } from './errors'
import { adminMessages } from './messages'

/** The message of each state's name. */
const STATE_NAMES: Record<OutboxMessage['state'], 'queued' | 'sent' | 'failed'> = { queued: 'queued', sent: 'sent', failed: 'failed' }

/**
 * The mail outbox: counts per state and the latest messages (failed first), state written out;
 * Retry on a failed or queued message (`POST /api/admin/outbox/{id}/retry`) for users with the
 * `outbox` permission, after which the dashboard reloads and a status line says what happened.
 */
export function Outbox({
  outbox,
  canRetry,
  timezone,
  onChanged,
}: {
  outbox: OutboxData
  canRetry: boolean
  timezone: string
  onChanged: () => void
}) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const [busy, setBusy] = useState<number | null>(null)
  const t = useMessages(adminMessages)
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
    <section aria-labelledby="admin-outbox">
      <h2 className={styles.sectionTitle} id="admin-outbox">
        {t.outbox}
      </h2>
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
      {!canRetry && <p className={styles.note}>{notPermittedText('outbox', locale)}</p>}
      {message && (
        <div className={message.ok ? forms.successBox : forms.errorBox} role={message.ok ? 'status' : 'alert'} data-testid="outbox-message">
          {message.text}
        </div>
      )}
      {outbox.messages.length === 0 ? (
        <p className={styles.note}>{t.outboxEmpty}</p>
      ) : (
        <TableWrap label={t.latestMessages}>
          <table className={styles.table}>
            <caption className={styles.caption}>{t.latestMessages}</caption>
            <thead>
              <tr>
                <th scope="col">{t.to}</th>
                <th scope="col">{t.subject}</th>
                <th scope="col">{t.state}</th>
                <th scope="col">{t.attempts}</th>
                <th scope="col">{t.error}</th>
                <th scope="col">{t.created}</th>
                <th scope="col">{t.sent}</th>
                {canRetry && <th scope="col">{t.action}</th>}
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  )
}
