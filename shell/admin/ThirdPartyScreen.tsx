import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import type { AddThirdPartyData, AdminThirdPartyData, AdminThirdPartyGroup } from '../../contract/third-party'
import type { ApiAnswer } from '../../contract/common'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { dataOf, is, request } from '../../widgets/core/request'
import { $session } from '../../widgets/core/session'
import { formatTimestamp } from '../../contract/time.js'
import { Field } from '../accounts/Field'
import * as styles from './admin.css'
import { notPermittedText } from './access'
import { Select, DataTable } from './controls'
import { LoadProblem } from './LoadProblem'
import { adminMessages, adminNavMessages, adminThirdPartyMessages } from './messages'
import { SaveMessages } from './SaveMessages'
import { useSave } from './save'
import { useLoad } from './use-load'
import { AddPanel, ConsoleScreen } from './ConsoleScreen'

const isData = (d: unknown): d is AdminThirdPartyData => is.object(d) && is.array(d.clouds) && is.array(d.groups)
const isGroup = (d: unknown): d is AdminThirdPartyGroup => is.object(d) && is.number(d.id) && is.string(d.base_url)
const isAdded = (d: unknown): d is AddThirdPartyData => is.object(d) && typeof d.added === 'boolean'

const fetchThirdPartyAdmin = async (signal?: AbortSignal) =>
  dataOf(await request<ApiAnswer<AdminThirdPartyData>>('/api/admin/third-party', { signal }), isData)
const path = (id: number, tail = '') => `/api/admin/third-party/${encodeURIComponent(String(id))}${tail}`

/**
 * The third-party screen (docs/operating/console-and-desk.md#third-party-components; `GET /api/admin/third-party`): each
 * cloud's groups that follow another Statuspage-compatible page, with the last poll's result; with
 * the `catalog` permission, add (the first poll answers at once: the group is kept only when the
 * page could be read), rename, poll now and remove. Every change is audited by the server.
 */
export function ThirdPartyScreen({ canEdit }: { canEdit: boolean }) {
  const loaded = useLoad(fetchThirdPartyAdmin)
  const timezone = useStore($session).timezone
  const save = useSave()
  const t = useMessages(adminThirdPartyMessages)
  const a = useMessages(adminMessages)
  const nav = useMessages(adminNavMessages)
  const locale = useLocale()
  const data = loaded.state.data
  const [cloud, setCloud] = useState('')
  const [name, setName] = useState('')
  const [url, setUrl] = useState('')
  const [names, setNames] = useState<Record<number, string>>({})
  const when = (iso: string | null) => (iso ? formatTimestamp(iso, timezone, locale) : t.never)
  const chosenCloud = cloud || data?.clouds[0]?.machine_name || ''

  const add = (event: FormEvent) => {
    event.preventDefault()
    const problems = [...(name.trim() ? [] : [`name: ${t.nameRequired}`]), ...(url.trim() ? [] : [`url: ${t.urlRequired}`])]
    if (problems.length) {
      save.setState({ kind: 'invalid', messages: problems })
      return
    }
    // A page that cannot be read is not an error of the call: its reason (in words, from the server) is shown.
    let refusal = ''
    void save
      .run(async () => {
        const answer = dataOf(
          await request<ApiAnswer<AddThirdPartyData>>('/api/admin/third-party', {
            method: 'POST',
            body: { cloud: chosenCloud, name, url },
          }),
          isAdded,
        )
        if (!answer.added) {
          refusal = t.notFollowed({ error: answer.error ?? '' })
          return undefined
        }
        setName('')
        setUrl('')
        loaded.reload()
        return { message: t.followed({ name: answer.group?.name ?? name, count: String(answer.group?.components ?? 0) }) }
      })
      .then(() => {
        if (refusal) save.setState({ kind: 'failed', message: refusal })
      })
  }
  const rename = (g: AdminThirdPartyGroup) =>
    void save.run(async () => {
      const body = { name: names[g.id] ?? g.name }
      dataOf(await request<ApiAnswer<AdminThirdPartyGroup>>(path(g.id), { method: 'PUT', body }), isGroup)
      loaded.reload()
      return { message: t.renamed({ name: body.name }) }
    })
  const poll = (g: AdminThirdPartyGroup) =>
    void save.run(async () => {
      const after = dataOf(await request<ApiAnswer<AdminThirdPartyGroup>>(path(g.id, '/poll'), { method: 'POST' }), isGroup)
      loaded.reload()
      return { message: after.failing_since ? t.pollFailed({ error: after.last_error ?? '' }) : t.pollOk({ name: g.name }) }
    })
  const remove = (g: AdminThirdPartyGroup) =>
    void save.run(async () => {
      await request(path(g.id), { method: 'DELETE' })
      loaded.reload()
      return { message: t.removed({ name: g.name }) }
    })

  return (
    <ConsoleScreen testId="admin-third-party" title={nav.thirdParty}>
      <p className={styles.note}>{t.intro}</p>
      {!canEdit && <p className={styles.note}>{notPermittedText('catalog', locale)}</p>}
      {(!data || loaded.state.status === 'error') && <LoadProblem state={loaded.state} what={t.what} onRetry={loaded.reload} />}
      <SaveMessages state={save.state} />
      {data && data.groups.length === 0 && <p role="status">{t.none}</p>}
      {data && data.groups.length > 0 && (
        <DataTable label={t.table} columns={[t.group, a.cloud, t.lastPoll, canEdit && a.action]}>
          {data.groups.map((g) => (
            <tr key={g.id} data-testid="third-party-row">
              <th scope="row">
                {canEdit ? (
                  <Field
                    id={`third-party-name-${g.id}`}
                    label={t.nameOf({ url: g.base_url })}
                    value={names[g.id] ?? g.name}
                    onChange={(e) => setNames({ ...names, [g.id]: e.target.value })}
                  />
                ) : (
                  g.name
                )}
                <span className={styles.itemDetail}>{g.base_url}</span>
                <span className={styles.itemDetail}>{t.components({ count: String(g.components), page: g.page_name ?? '—' })}</span>
              </th>
              <td>{g.cloud}</td>
              <td data-testid="third-party-poll">
                {g.failing_since ? (
                  <>
                    <strong>{t.failingSince({ time: when(g.failing_since) })}</strong>
                    <span className={styles.itemDetail}>{g.last_error}</span>
                  </>
                ) : (
                  t.okAt({ time: when(g.last_success_at) })
                )}
              </td>
              {canEdit && (
                <td>
                  <span className={styles.actions}>
                    <button type="button" className={styles.small} onClick={() => rename(g)} aria-label={t.renameOf({ name: g.name })}>
                      {t.rename}
                    </button>
                    <button type="button" className={styles.small} onClick={() => poll(g)} aria-label={t.pollOf({ name: g.name })}>
                      {t.pollNow}
                    </button>
                    <button type="button" className={styles.small} onClick={() => remove(g)} aria-label={a.removeItem({ name: g.name })}>
                      {a.remove}
                    </button>
                  </span>
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
      {data && canEdit && data.clouds.length > 0 && (
        <AddPanel id="admin-third-party-add" title={t.add} onSubmit={add} saving={save.saving}>
          <Select
            id="third-party-cloud"
            label={a.cloud}
            value={chosenCloud}
            options={data.clouds.map((c) => ({ value: c.machine_name, label: c.title }))}
            onChange={setCloud}
          />
          <Field id="third-party-name" label={t.name} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
          <Field
            id="third-party-url"
            label={t.url}
            type="url"
            autoComplete="off"
            placeholder="https://status.example.com"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </AddPanel>
      )}
    </ConsoleScreen>
  )
}
