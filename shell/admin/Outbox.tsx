import { useState } from 'react'
import type { OutboxData, OutboxMessage } from '../../contract/admin'
import { errorMessage } from '../../widgets/core/resource'
import { formatTimestamp } from '../../widgets/core/time'
import * as forms from '../accounts/accounts.css'
import * as styles from './admin.css'
import { TableWrap } from './controls'
import { notPermittedText } from './access'
import { retryOutbox } from './api'

const STATE_NAMES: Record<OutboxMessage['state'], string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed' }

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

  const retry = async (m: OutboxMessage) => {
    if (busy !== null) return
    setBusy(m.id)
    setMessage(null)
    try {
      await retryOutbox(m.id)
      setMessage({ ok: true, text: `The mail to ${m.to} is queued again.` })
      onChanged()
    } catch (error) {
      setMessage({ ok: false, text: `The mail to ${m.to} could not be queued again: ${errorMessage(error)}` })
    } finally {
      setBusy(null)
    }
  }

  return (
    <section aria-labelledby="admin-outbox">
      <h2 className={styles.sectionTitle} id="admin-outbox">
        Mail outbox
      </h2>
      <dl className={styles.counts}>
        <div>
          <dt>Queued</dt>
          <dd>{outbox.queued}</dd>
        </div>
        <div>
          <dt>Sent</dt>
          <dd>{outbox.sent}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd>{outbox.failed}</dd>
        </div>
      </dl>
      {!canRetry && <p className={styles.note}>{notPermittedText('outbox')}</p>}
      {message && (
        <div className={message.ok ? forms.successBox : forms.errorBox} role={message.ok ? 'status' : 'alert'} data-testid="outbox-message">
          {message.text}
        </div>
      )}
      {outbox.messages.length === 0 ? (
        <p className={styles.note}>The outbox is empty.</p>
      ) : (
        <TableWrap label="Latest messages, failed first">
          <table className={styles.table}>
            <caption className={styles.caption}>Latest messages, failed first</caption>
            <thead>
              <tr>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">State</th>
                <th scope="col">Attempts</th>
                <th scope="col">Error</th>
                <th scope="col">Created</th>
                <th scope="col">Sent</th>
                {canRetry && <th scope="col">Action</th>}
              </tr>
            </thead>
            <tbody>
              {outbox.messages.map((m) => (
                <tr key={m.id}>
                  <td>{m.to}</td>
                  <td>{m.subject}</td>
                  <td>
                    <span className={styles.state} data-state={m.state}>
                      {STATE_NAMES[m.state] ?? m.state}
                    </span>
                  </td>
                  <td>{m.attempts}</td>
                  <td>{m.error ?? '—'}</td>
                  <td>{formatTimestamp(m.created, timezone)}</td>
                  <td>{m.sent_at ? formatTimestamp(m.sent_at, timezone) : '—'}</td>
                  {canRetry && (
                    <td>
                      {m.state !== 'sent' && (
                        <button
                          type="button"
                          className={styles.small}
                          aria-label={`Retry the mail to ${m.to}: ${m.subject}`}
                          aria-disabled={busy !== null || undefined}
                          onClick={() => void retry(m)}
                        >
                          {busy === m.id ? 'Retrying…' : 'Retry'}
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
