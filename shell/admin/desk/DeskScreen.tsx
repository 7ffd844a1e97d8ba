import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { DeskListQuery, DeskRecord } from '../../../contract/desk'
import type { Permission } from '../../../contract/permissions'
import type { RecordType } from '../../../contract/records'
import { $global } from '../../../widgets/core/global'
import { $session } from '../../../widgets/core/session'
import { formatTimestamp } from '../../../widgets/core/time'
import { Field } from '../../accounts/Field'
import * as forms from '../../accounts/accounts.css'
import * as shell from '../../shell.css'
import * as styles from '../admin.css'
import { Select, TableWrap } from '../controls'
import { LoadProblem } from '../LoadProblem'
import { useLoad } from '../use-load'
import { fetchDeskList } from './api'
import * as desk from './desk.css'
import { allowedTypes, mayChange, RECORD_TYPES, TYPE_NAMES } from './model'
import { deskRecordPath, newPostPath, TEMPLATES_PATH } from './paths'

/** What the desk's lists are filtered by. */
interface Filters {
  type: RecordType | ''
  q: string
}

/** Labels of the new-post links. */
const NEW_LABELS: Readonly<Record<RecordType, string>> = {
  incident: 'New incident',
  maintenance: 'New maintenance',
  advisory: 'New advisory',
  notification: 'New notification',
}

/** Cloud names for a table cell: up to three, else the first two and how many more. */
export function cloudsText(names: readonly string[]): string {
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`
}

/** One list of the desk: a table of records (title linked to its screen), with its own pages. */
function RecordTable({
  id,
  title,
  query,
  permissions,
  empty,
}: {
  id: string
  title: string
  query: DeskListQuery
  permissions: ReadonlySet<Permission>
  empty: string
}) {
  const zone = useStore($session).timezone
  const clouds = useStore($global).data?.clouds ?? []
  const [page, setPage] = useState(0)
  const key = JSON.stringify({ ...query, page })
  const list = useLoad((signal) => fetchDeskList({ ...query, page }, signal), key)
  const data = list.state.data
  const cloudName = (m: string) => clouds.find((c) => c.machine_name === m)?.title ?? m
  const row = (r: DeskRecord) => (
    <tr key={r.id} data-testid="desk-row" data-record-id={r.id}>
      <td>
        <a href={deskRecordPath(r.id)}>{r.title}</a>
        {!mayChange(permissions, r.type, r.notification_type) && <span className={styles.itemDetail}>Read only</span>}
      </td>
      <td>{TYPE_NAMES[r.type] ?? r.type}</td>
      <td>
        <span className={styles.state} data-status={r.statusClass}>
          {r.status}
        </span>
      </td>
      <td>{r.severity || '—'}</td>
      <td>{cloudsText(r.clouds.map(cloudName))}</td>
      <td>{formatTimestamp(r.from, zone)}</td>
      <td>{formatTimestamp(r.updated_on, zone)}</td>
    </tr>
  )
  return (
    <section aria-labelledby={id} data-testid={id}>
      <h2 className={styles.sectionTitle} id={id}>
        {title}
      </h2>
      {(!data || list.state.status === 'error') && <LoadProblem state={list.state} what={title.toLowerCase()} onRetry={list.reload} />}
      {data && data.records.length === 0 && <p className={styles.note}>{empty}</p>}
      {data && data.records.length > 0 && (
        <TableWrap label={title}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col">Severity</th>
                <th scope="col">Clouds</th>
                <th scope="col">Start</th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>{data.records.map(row)}</tbody>
          </table>
        </TableWrap>
      )}
      {data && data.pages > 1 && (
        <nav className={styles.pager} aria-label={`${title} pages`}>
          <button type="button" className={styles.small} disabled={page <= 0} onClick={() => setPage(page - 1)}>
            Previous page
          </button>
          <span>
            Page {data.page + 1} of {data.pages}
          </span>
          <button type="button" className={styles.small} disabled={page + 1 >= data.pages} onClick={() => setPage(page + 1)}>
            Next page
          </button>
        </nav>
      )}
    </section>
  )
}

/**
 * The incident desk (`/admin/desk`): links to a new post of each type the roles may publish, a
 * filter by type and title, the open records first (`GET /api/admin/records?open=1`), then every
 * record, newest first. Records the roles may not change are marked "Read only".
 */
export function DeskScreen({ permissions }: { permissions: ReadonlySet<Permission> }) {
  const [filters, setFilters] = useState<Filters>({ type: '', q: '' })
  const [typed, setTyped] = useState('')
  const types = allowedTypes(permissions)
  const query: DeskListQuery = { ...(filters.type ? { type: filters.type } : {}), ...(filters.q ? { q: filters.q } : {}) }
  return (
    <section aria-labelledby="admin-title" data-testid="admin-desk">
      <h1 className={shell.pageTitle} id="admin-title">
        Incident desk
      </h1>
      {types.length > 0 ? (
        <p className={desk.newLinks}>
          {types.map((t) => (
            <a key={t} className={t === 'incident' ? forms.primary : forms.secondary} href={newPostPath(t)}>
              {NEW_LABELS[t]}
            </a>
          ))}
          <a className={forms.secondary} href={TEMPLATES_PATH}>
            Templates
          </a>
        </p>
      ) : (
        <p className={styles.note}>Your roles do not allow you to publish records; you can read them.</p>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not yet known to every browser the console supports */}
      <form
        role="search"
        className={styles.grid}
        aria-label="Find records"
        onSubmit={(e) => {
          e.preventDefault()
          setFilters((f) => ({ ...f, q: typed.trim() }))
        }}
      >
        <Select
          id="desk-filter-type"
          label="Type"
          value={filters.type}
          options={[{ value: '', label: 'All types' }, ...RECORD_TYPES.map((t) => ({ value: t, label: TYPE_NAMES[t] }))]}
          onChange={(type) => setFilters((f) => ({ ...f, type: type as Filters['type'] }))}
        />
        <Field id="desk-filter-q" label="Title contains" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
        <p className={styles.actions}>
          <button type="submit" className={styles.small}>
            Search
          </button>
        </p>
      </form>
      <RecordTable
        key={`open-${JSON.stringify(query)}`}
        id="desk-open"
        title="Open records"
        query={{ ...query, open: '1' }}
        permissions={permissions}
        empty="No open records: nothing in progress or to come."
      />
      <RecordTable
        key={`all-${JSON.stringify(query)}`}
        id="desk-all"
        title="All records"
        query={query}
        permissions={permissions}
        empty="No records match."
      />
    </section>
  )
}
