import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { AuditEntry } from '../../contract/admin'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { $session } from '../../widgets/core/session'
import { formatTimestamp } from '../../contract/time.js'
import * as styles from './admin.css'
import { DataTable } from './controls'
import { fetchAudit } from './api'
import { LoadProblem } from './LoadProblem'
import { adminMessages, adminNavMessages, adminStaffMessages } from './messages'
import { useLoad } from './use-load'
import { ConsoleScreen } from './ConsoleScreen'

/** A stored JSON value, pretty-printed (`null` when none). */
export function prettyJson(value: unknown): string {
  if (value === undefined) return 'null'
  try {
    return JSON.stringify(value, null, 2)
  } catch {
    return String(value)
  }
}

function EntryRow({ entry, timezone }: { entry: AuditEntry; timezone: string }) {
  const t = useMessages(adminStaffMessages)
  const locale = useLocale()
  return (
    <tr>
      <td>{formatTimestamp(entry.at, timezone, locale)}</td>
      <td>{entry.actor}</td>
      <td>{entry.action}</td>
      <td>
        {entry.target}
        <details>
          <summary>{t.beforeAndAfter}</summary>
          <p className={styles.legend}>{t.before}</p>
          <pre className={styles.json}>{prettyJson(entry.before)}</pre>
          <p className={styles.legend}>{t.after}</p>
          <pre className={styles.json}>{prettyJson(entry.after)}</pre>
        </details>
      </td>
    </tr>
  )
}

/**
 * The audit log (`GET /api/admin/audit?page=`): 50 changes a page, newest first, each with its
 * before and after values in a disclosure; Previous and Next page through it.
 */
export function AuditScreen() {
  const [page, setPage] = useState(0)
  const audit = useLoad((signal) => fetchAudit(page, signal), page)
  const timezone = useStore($session).timezone
  const data = audit.state.data
  const pages = data?.pages ?? 1
  const loading = audit.state.status === 'loading'
  const t = useMessages(adminStaffMessages)
  const a = useMessages(adminMessages)
  const nav = useMessages(adminNavMessages)

  return (
    <ConsoleScreen testId="admin-audit" title={nav.audit}>
      {(!data || audit.state.status !== 'ready') && <LoadProblem state={audit.state} what={t.theAuditLog} onRetry={audit.reload} />}
      {data && (
        <>
          {data.entries.length === 0 ? (
            <p className={styles.note}>{t.noChanges}</p>
          ) : (
            <DataTable
              label={nav.audit}
              caption={t.changesCaption({ page: String(data.page + 1), pages: String(pages) })}
              columns={[a.when, t.who, a.action, t.target]}
            >
              {data.entries.map((e) => (
                <EntryRow key={e.id} entry={e} timezone={timezone} />
              ))}
            </DataTable>
          )}
          <nav aria-label={t.auditPages} className={styles.pager}>
            {/* aria-disabled, not disabled: the button keeps focus at the first and last page. */}
            <button
              type="button"
              className={styles.small}
              aria-disabled={page <= 0 || loading || undefined}
              onClick={() => !loading && setPage((p) => Math.max(0, p - 1))}
            >
              {t.previous}
            </button>
            <span>{a.pageOf({ page: String(page + 1), pages: String(pages) })}</span>
            <button
              type="button"
              className={styles.small}
              aria-disabled={page + 1 >= pages || loading || undefined}
              onClick={() => !loading && setPage((p) => Math.min(pages - 1, p + 1))}
            >
              {t.next}
            </button>
          </nav>
        </>
      )}
    </ConsoleScreen>
  )
}
