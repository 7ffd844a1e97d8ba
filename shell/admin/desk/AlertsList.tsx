import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { AlertIncident, AlertIncidentsData } from '../../../contract/alerts'
import type { ApiAnswer } from '../../../contract/common'
import type { Permission } from '../../../contract/permissions'
import { formatTimestamp } from '../../../contract/time.js'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { $global } from '../../../widgets/core/global'
import { dataOf, is, request } from '../../../widgets/core/request'
import { $session } from '../../../widgets/core/session'
import * as styles from '../admin.css'
import { ListSection } from '../ConsoleScreen'
import { DataTable, InlineConfirm } from '../controls'
import { LoadProblem } from '../LoadProblem'
import { SaveMessages } from '../SaveMessages'
import { useSave } from '../save'
import { useLoad } from '../use-load'
import { deskAlertMessages } from './messages'
import { deskRecordPath } from './paths'

const isAlerts = (d: unknown): d is AlertIncidentsData => is.object(d) && is.array(d.alerts)
const isAlert = (d: unknown): d is AlertIncident => is.object(d) && is.number(d.id) && is.string(d.state)

const fetchAlerts = async (signal?: AbortSignal) =>
  dataOf(await request<ApiAnswer<AlertIncidentsData>>('/api/admin/alerts', { signal }), isAlerts)

/** `POST /api/admin/alerts/{id}/{action}` with an empty body (each takes its defaults) → the alert incident after it. */
const act = async (id: number, action: 'publish' | 'dismiss' | 'resolve') =>
  dataOf(
    await request<ApiAnswer<AlertIncident>>(`/api/admin/alerts/${encodeURIComponent(String(id))}/${action}`, { method: 'POST', body: {} }),
    isAlert,
  )

/**
 * The desk's "From alerts" list (docs/operating/alertmanager.md; `GET /api/admin/alerts`): the
 * incidents Alertmanager's notifications made through the alert rules that still need a person —
 * drafts, published ones whose alerts fire, and those whose alerts resolved — with their state in
 * words, what they affect, how many alerts fire and since when. With the `records` permission:
 * Publish and Dismiss (after a confirmation) a draft, and "Resolve incident" on a published one
 * (offered once its alerts resolved and the grace period ended). Shown only while there is one.
 *
 * @param onChanged called after an action changed a record (the desk reads its lists again)
 */
export function AlertsList({ permissions, onChanged }: { permissions: ReadonlySet<Permission>; onChanged: () => void }) {
  const loaded = useLoad(fetchAlerts)
  const save = useSave()
  const zone = useStore($session).timezone
  const clouds = useStore($global).data?.clouds ?? []
  const [confirming, setConfirming] = useState<number | null>(null)
  const t = useMessages(deskAlertMessages)
  const locale = useLocale()
  const canAct = permissions.has('records')
  const alerts = loaded.state.data?.alerts
  const when = (ms: number) => formatTimestamp(ms, zone, locale)

  const run = (alert: AlertIncident, action: 'publish' | 'dismiss' | 'resolve') =>
    void save.run(async () => {
      await act(alert.id, action)
      setConfirming(null)
      loaded.reload()
      onChanged()
      const said = { publish: t.published, dismiss: t.dismissed, resolve: t.resolved }[action]
      return { message: said({ title: alert.title }) }
    })

  const stateText = (a: AlertIncident) => {
    if (a.state === 'draft') return t.stateDraft
    if (a.state === 'open') return t.stateOpen
    if (a.state === 'resolving' && a.resolution_offered) return t.stateOffered
    if (a.state === 'resolving') {
      const time = a.resolves_at === null ? '' : when(a.resolves_at)
      return a.record_id === null ? t.stateDraftResolving({ time }) : t.stateResolving({ time })
    }
    return a.state === 'dismissed' ? t.stateDismissed : t.stateResolved
  }

  const actions = (a: AlertIncident) => {
    if (confirming === a.id)
      return (
        <InlineConfirm
          testId="desk-alert-dismiss-confirm"
          question={t.dismissConfirm({ title: a.title })}
          yes={t.yesDismiss}
          no={t.keepDraft}
          busy={save.saving}
          onYes={() => run(a, 'dismiss')}
          onNo={() => setConfirming(null)}
        />
      )
    return (
      <span className={styles.actions}>
        {a.record_id !== null && (
          <a className={styles.small} href={deskRecordPath(a.record_id)} aria-label={t.openRecordOf({ title: a.title })}>
            {t.openRecord}
          </a>
        )}
        {canAct && a.state === 'draft' && (
          <>
            <button type="button" className={styles.small} aria-label={t.publishName({ title: a.title })} onClick={() => run(a, 'publish')}>
              {t.publish}
            </button>
            <button
              type="button"
              className={styles.small}
              aria-label={t.dismissName({ title: a.title })}
              onClick={() => setConfirming(a.id)}
            >
              {t.dismiss}
            </button>
          </>
        )}
        {canAct && a.record_id !== null && (a.state === 'open' || a.state === 'resolving') && (
          <button type="button" className={styles.small} aria-label={t.resolveName({ title: a.title })} onClick={() => run(a, 'resolve')}>
            {t.resolve}
          </button>
        )}
      </span>
    )
  }

  // Nothing to say while none waits (most sites have no Alertmanager): the desk stays as it was.
  if (loaded.state.status !== 'error' && !alerts?.length && save.state.kind === 'idle') return null
  return (
    <ListSection
      id="desk-alerts"
      title={t.title}
      problem={
        (!alerts || loaded.state.status === 'error') && <LoadProblem state={loaded.state} what={t.theAlerts} onRetry={loaded.reload} />
      }
      empty={alerts?.length === 0 && t.none}
    >
      <SaveMessages state={save.state} />
      {alerts && alerts.length > 0 && (
        <DataTable
          label={t.title}
          caption={false}
          columns={[t.incident, t.state, t.affected, t.alerts, t.firstFired, t.lastFired, t.action]}
        >
          {alerts.map((a) => (
            <tr key={a.id} data-testid="desk-alert-row" data-state={a.state}>
              <th scope="row">
                {a.title}
                <span className={styles.itemDetail}>{t.rule({ rule: a.rule_name })}</span>
              </th>
              <td data-testid="desk-alert-state">
                <strong>{stateText(a)}</strong>
              </td>
              <td>
                {clouds.find((c) => c.machine_name === a.cloud)?.title ?? a.cloud}
                <span className={styles.itemDetail}>{a.affected.map((x) => x.name).join(', ') || t.wholeCloud}</span>
              </td>
              <td>{a.alert_count}</td>
              <td>{when(a.first_fired)}</td>
              <td>{when(a.last_fired)}</td>
              <td>{actions(a)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </ListSection>
  )
}
