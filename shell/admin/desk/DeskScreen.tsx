import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { DeskListQuery, DeskRecord } from '../../../contract/desk'
import type { Permission } from '../../../contract/permissions'
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale'
import type { RecordType } from '../../../contract/records'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { $global } from '../../../widgets/core/global'
import { $session } from '../../../widgets/core/session'
import { formatTimestamp } from '../../../contract/time.js'
import { Field } from '../../accounts/Field'
import * as forms from '../../accounts/accounts.css'
import * as styles from '../admin.css'
import { Select, DataTable } from '../controls'
import { LoadProblem } from '../LoadProblem'
import { adminMessages, adminNavMessages } from '../messages'
import { useLoad } from '../use-load'
import { AlertsList } from './AlertsList'
import { fetchDeskList } from './api'
import * as desk from './desk.css'
import { deskMessages } from './messages'
import { allowedTypes, mayChange, RECORD_TYPES, typeName, valueName } from './model'
import { deskRecordPath, newPostPath, TEMPLATES_PATH } from './paths'
import { ConsoleScreen, ListSection } from '../ConsoleScreen'

/** What the desk's lists are filtered by. */
interface Filters {
  type: RecordType | ''
  q: string
}

/** The messages of the new-post links. */
const NEW_LABELS: Readonly<Record<RecordType, 'newIncident' | 'newMaintenance' | 'newAdvisory' | 'newNotification'>> = {
  incident: 'newIncident',
  maintenance: 'newMaintenance',
  advisory: 'newAdvisory',
  notification: 'newNotification',
}

/** Cloud names for a table cell: up to three, else the first two and how many more. */
export function cloudsText(names: readonly string[], locale: Locale = DEFAULT_LOCALE): string {
  if (names.length <= 3) return names.join(', ')
  return deskMessages
    .in(locale)
    .get()
    .andMore({ names: names.slice(0, 2).join(', '), count: String(names.length - 2) })
}

/** One list of the desk: a table of records (title linked to its screen), with its own pages. */
function RecordTable({
  id,
  title,
  what,
  query,
  permissions,
  empty,
}: {
  id: string
  title: string
  /** The list as "Could not load {what}" names it. */
  what: string
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
  const t = useMessages(deskMessages)
  const a = useMessages(adminMessages)
  const nav = useMessages(adminNavMessages)
  const locale = useLocale()
  const row = (r: DeskRecord) => (
    <tr key={r.id} data-testid="desk-row" data-record-id={r.id}>
      <td>
        <a href={deskRecordPath(r.id)}>{r.title}</a>
        {!mayChange(permissions, r.type, r.notification_type) && <span className={styles.itemDetail}>{t.readOnly}</span>}
      </td>
      <td>{typeName(r.type, locale)}</td>
      <td>
        <span className={styles.state} data-status={r.statusClass}>
          {valueName(r.status, locale)}
        </span>
      </td>
      <td>{r.severity ? valueName(r.severity, locale) : '—'}</td>
      <td>{cloudsText(r.clouds.map(cloudName), locale)}</td>
      <td>{formatTimestamp(r.from, zone, locale)}</td>
      <td>{formatTimestamp(r.updated_on, zone, locale)}</td>
    </tr>
  )
  return (
    <ListSection
      id={id}
      title={title}
      problem={(!data || list.state.status === 'error') && <LoadProblem state={list.state} what={what} onRetry={list.reload} />}
      empty={data?.records.length === 0 && empty}
    >
      {data && data.records.length > 0 && (
        <DataTable label={title} caption={false} columns={[a.title, t.type, t.status, t.severity, nav.clouds, t.start, t.updated]}>
          {data.records.map(row)}
        </DataTable>
      )}
      {data && data.pages > 1 && (
        <nav className={styles.pager} aria-label={t.listPages({ list: title })}>
          <button type="button" className={styles.small} disabled={page <= 0} onClick={() => setPage(page - 1)}>
            {t.previousPage}
          </button>
          <span>{a.pageOf({ page: String(data.page + 1), pages: String(data.pages) })}</span>
          <button type="button" className={styles.small} disabled={page + 1 >= data.pages} onClick={() => setPage(page + 1)}>
            {t.nextPage}
          </button>
        </nav>
      )}
    </ListSection>
  )
}

/**
 * The incident desk (`/admin/desk`): links to a new post of each type the roles may publish, a
 * filter by type and title, the incidents from alerts that need a person (`./AlertsList.tsx`, shown
 * only while there is one), the open records (`GET /api/admin/records?open=1`), then every record,
 * newest first. Records the roles may not change are marked "Read only".
 */
export function DeskScreen({ permissions }: { permissions: ReadonlySet<Permission> }) {
  const [filters, setFilters] = useState<Filters>({ type: '', q: '' })
  const [typed, setTyped] = useState('')
  // Read the lists again after an alert was published or resolved from the desk.
  const [revision, setRevision] = useState(0)
  const types = allowedTypes(permissions)
  const query: DeskListQuery = { ...(filters.type ? { type: filters.type } : {}), ...(filters.q ? { q: filters.q } : {}) }
  const t = useMessages(deskMessages)
  const nav = useMessages(adminNavMessages)
  const locale = useLocale()
  return (
    <ConsoleScreen testId="admin-desk" title={nav.desk}>
      {types.length > 0 ? (
        <p className={desk.newLinks}>
          {types.map((type) => (
            <a key={type} className={type === 'incident' ? forms.primary : forms.secondary} href={newPostPath(type)}>
              {t[NEW_LABELS[type]]}
            </a>
          ))}
          <a className={forms.secondary} href={TEMPLATES_PATH}>
            {nav.templates}
          </a>
        </p>
      ) : (
        <p className={styles.note}>{t.mayNotPublish}</p>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not yet known to every browser the console supports */}
      <form
        role="search"
        className={styles.grid}
        aria-label={t.findRecords}
        onSubmit={(e) => {
          e.preventDefault()
          setFilters((f) => ({ ...f, q: typed.trim() }))
        }}
      >
        <Select
          id="desk-filter-type"
          label={t.type}
          value={filters.type}
          options={[{ value: '', label: t.allTypes }, ...RECORD_TYPES.map((type) => ({ value: type, label: typeName(type, locale) }))]}
          onChange={(type) => setFilters((f) => ({ ...f, type: type as Filters['type'] }))}
        />
        <Field id="desk-filter-q" label={t.titleContains} type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
        <p className={styles.actions}>
          <button type="submit" className={styles.small}>
            {t.search}
          </button>
        </p>
      </form>
      <AlertsList permissions={permissions} onChanged={() => setRevision((r) => r + 1)} />
      <RecordTable
        key={`open-${revision}-${JSON.stringify(query)}`}
        id="desk-open"
        title={t.openRecords}
        what={t.theOpenRecords}
        query={{ ...query, open: '1' }}
        permissions={permissions}
        empty={t.noOpenRecords}
      />
      <RecordTable
        key={`all-${revision}-${JSON.stringify(query)}`}
        id="desk-all"
        title={t.allRecords}
        what={t.theAllRecords}
        query={query}
        permissions={permissions}
        empty={t.noRecordsMatch}
      />
    </ConsoleScreen>
  )
}
