import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { AuditEntry } from '../../contract/admin'
import { $session } from '../../widgets/core/session'
import { formatTimestamp } from '../../widgets/core/time'
import * as shell from '../shell.css'
import * as styles from './admin.css'
import { TableWrap } from './controls'
import { fetchAudit } from './api'
import { LoadProblem } from './LoadProblem'
import { useLoad } from './use-load'

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
  return (
    <tr>
      <td>{formatTimestamp(entry.at, timezone)}</td>
      <td>{entry.actor}</td>
      <td>{entry.action}</td>
      <td>
        {entry.target}
        <details>
          <summary>Before and after</summary>
          <p className={styles.legend}>Before</p>
          <pre className={styles.json}>{prettyJson(entry.before)}</pre>
          <p className={styles.legend}>After</p>
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

  return (
    <section aria-labelledby="admin-title" data-testid="admin-audit">
      <h1 className={shell.pageTitle} id="admin-title">
        Audit log
      </h1>
      {(!data || audit.state.status !== 'ready') && <LoadProblem state={audit.state} what="the audit log" onRetry={audit.reload} />}
      {data && (
        <>
          {data.entries.length === 0 ? (
            <p className={styles.note}>No changes recorded.</p>
          ) : (
            <TableWrap label="Audit log">
              <table className={styles.table}>
                <caption className={styles.caption}>
                  Changes, newest first (page {data.page + 1} of {pages})
                </caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">Action</th>
                    <th scope="col">Target</th>
                  </tr>
                </thead>
                <tbody>
                  {data.entries.map((e) => (
                    <EntryRow key={e.id} entry={e} timezone={timezone} />
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )}
          <nav aria-label="Audit log pages" className={styles.pager}>
            {/* aria-disabled, not disabled: the button keeps focus at the first and last page. */}
            <button
              type="button"
              className={styles.small}
              aria-disabled={page <= 0 || loading || undefined}
              onClick={() => !loading && setPage((p) => Math.max(0, p - 1))}
            >
              Previous
            </button>
            <span>
              Page {page + 1} of {pages}
            </span>
            <button
              type="button"
              className={styles.small}
              aria-disabled={page + 1 >= pages || loading || undefined}
              onClick={() => !loading && setPage((p) => Math.min(pages - 1, p + 1))}
            >
              Next
            </button>
          </nav>
        </>
      )}
    </section>
  )
}
