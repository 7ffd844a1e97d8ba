import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import type { API_KEY_LIFETIMES_DAYS, ApiKeysData, ApiKeySummary, CreatedApiKeyData } from '../../contract/api-keys'
import type { ApiAnswer } from '../../contract/common'
import { PRIVILEGED_ROLES } from '../../contract/constants'
import type { Role } from '../../contract/permissions'
import { formatTimestamp } from '../../contract/time.js'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { dataOf, is, request } from '../../widgets/core/request'
import { $session } from '../../widgets/core/session'
import { Field } from '../accounts/Field'
import { SecretBox } from '../webhooks/SecretBox'
import * as styles from './admin.css'
import { notPermittedText } from './access'
import { useCloudChoices } from './clouds'
import { AddPanel, ConsoleScreen } from './ConsoleScreen'
import { DataTable, InlineConfirm, Select } from './controls'
import { LoadProblem } from './LoadProblem'
import { adminApiKeyMessages, adminNavMessages } from './messages'
import { SaveMessages } from './SaveMessages'
import { useSave } from './save'
import { roleName } from './StaffScreen'
import { useLoad } from './use-load'

/** The lifetimes a new key may have, days (`API_KEY_LIFETIMES_DAYS` of `contract/api-keys.ts`, a schema module). */
const LIFETIMES: typeof API_KEY_LIFETIMES_DAYS = [7, 30, 90, 365]
/** The role a new key starts with: everything but staff accounts (the least that opens incidents and changes the catalogue). */
const DEFAULT_ROLE: Role = 'trust_admin'

const isKeys = (d: unknown): d is ApiKeysData => is.object(d) && is.array(d.keys)
const isSummary = (d: unknown): d is ApiKeySummary => is.object(d) && is.number(d.id) && is.string(d.prefix)
const isCreated = (d: unknown): d is CreatedApiKeyData => is.object(d) && is.string(d.key) && isSummary(d.summary)

const fetchApiKeys = async (signal?: AbortSignal) =>
  dataOf(await request<ApiAnswer<ApiKeysData>>('/api/admin/api-keys', { signal }), isKeys)

/**
 * The API keys screen (docs/operating/api-keys.md; `GET/POST /api/admin/api-keys`,
 * `POST /api/admin/api-keys/{id}/revoke`), for the roles with the `staff` permission: every key
 * with its prefix, role, cloud, creator, expiry, last use and state in words; "Create key" (name,
 * role, lifetime, one cloud or all), whose answer shows the key this once with a copy button; and
 * Revoke after a confirmation. The server audits every change.
 */
export function ApiKeysScreen({ canEdit }: { canEdit: boolean }) {
  const nav = useMessages(adminNavMessages)
  const locale = useLocale()
  return (
    <ConsoleScreen testId="admin-api-keys" title={nav.apiKeys}>
      {canEdit ? <ApiKeys /> : <p className={styles.note}>{notPermittedText('staff', locale)}</p>}
    </ConsoleScreen>
  )
}

function ApiKeys() {
  const loaded = useLoad(fetchApiKeys)
  const timezone = useStore($session).timezone
  const save = useSave()
  const t = useMessages(adminApiKeyMessages)
  const locale = useLocale()
  const clouds = useCloudChoices([])
  const [name, setName] = useState('')
  const [role, setRole] = useState<string>(DEFAULT_ROLE)
  const [lifetime, setLifetime] = useState('90')
  const [cloud, setCloud] = useState('')
  const [created, setCreated] = useState<CreatedApiKeyData | null>(null)
  const [confirming, setConfirming] = useState<number | null>(null)
  const data = loaded.state.data
  const when = (ms: number) => formatTimestamp(ms, timezone, locale)
  const roles = PRIVILEGED_ROLES.map((r) => ({ value: r, label: roleName(r) }))
  const lifetimes = LIFETIMES.map((d) => ({ value: String(d), label: t.days(d) }))
  const cloudOptions = [{ value: '', label: t.allClouds }, ...clouds]

  const create = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) {
      save.setState({ kind: 'invalid', messages: [`${t.keyName}: ${t.nameRequired}`] })
      return
    }
    // `CreateApiKeyBody` of `contract/api-keys.ts`.
    const body = { name: name.trim(), role, lifetime_days: Number(lifetime), cloud: cloud || null }
    void save.run(async () => {
      const answer = dataOf(await request<ApiAnswer<CreatedApiKeyData>>('/api/admin/api-keys', { method: 'POST', body }), isCreated)
      setCreated(answer)
      setName('')
      loaded.reload()
      return undefined
    })
  }
  const revoke = (key: ApiKeySummary) =>
    void save.run(async () => {
      const path = `/api/admin/api-keys/${encodeURIComponent(String(key.id))}/revoke`
      // The route reads an empty JSON object (its body schema), never no body.
      dataOf(await request<ApiAnswer<ApiKeySummary>>(path, { method: 'POST', body: {} }), isSummary)
      setConfirming(null)
      loaded.reload()
      return { message: t.revoked({ name: key.name }) }
    })

  const stateText = (key: ApiKeySummary) =>
    key.state === 'revoked' && key.revoked !== null
      ? t.revokedAt({ time: when(key.revoked) })
      : key.state === 'expired'
        ? t.expired
        : t.active

  return (
    <>
      <p className={styles.note}>{t.intro}</p>
      {(!data || loaded.state.status === 'error') && <LoadProblem state={loaded.state} what={t.theKeys} onRetry={loaded.reload} />}
      {created && <KeyOnce created={created} onDone={() => setCreated(null)} />}
      <SaveMessages state={created && save.state.kind === 'saved' ? { kind: 'idle' } : save.state} />
      {data && data.keys.length === 0 && <p role="status">{t.none}</p>}
      {data && data.keys.length > 0 && (
        <DataTable label={t.table} columns={[t.name, t.role, t.cloud, t.created, t.expires, t.lastUsed, t.state, t.action]}>
          {data.keys.map((key) => (
            <tr key={key.id} data-testid="api-key-row" data-state={key.state}>
              <th scope="row">
                {key.name}
                <span className={styles.itemDetail}>{t.prefix({ prefix: key.prefix })}</span>
              </th>
              <td>{roleName(key.role)}</td>
              <td>{key.cloud ? (clouds.find((c) => c.value === key.cloud)?.label ?? key.cloud) : t.allClouds}</td>
              <td>{t.createdBy({ time: when(key.created), who: key.created_by })}</td>
              <td>{when(key.expires)}</td>
              <td>{key.last_used === null ? t.neverUsed : when(key.last_used)}</td>
              <td data-testid="api-key-state">
                <strong>{stateText(key)}</strong>
              </td>
              <td>
                {key.state !== 'active' ? (
                  '—'
                ) : confirming === key.id ? (
                  <InlineConfirm
                    testId="api-key-revoke-confirm"
                    question={t.revokeConfirm({ name: key.name })}
                    yes={t.yesRevoke}
                    no={t.keepIt}
                    busy={save.saving}
                    onYes={() => revoke(key)}
                    onNo={() => setConfirming(null)}
                  />
                ) : (
                  <button
                    type="button"
                    className={styles.small}
                    aria-label={t.revokeName({ name: key.name })}
                    onClick={() => setConfirming(key.id)}
                  >
                    {t.revoke}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {data && (
        <AddPanel id="admin-api-key-create" title={t.create} onSubmit={create} saving={save.saving}>
          <Field
            id="api-key-name"
            label={t.keyName}
            autoComplete="off"
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <p className={styles.hint}>{t.keyNameHint}</p>
          {[
            { id: 'role', label: t.role, hint: t.roleHint, value: role, onChange: setRole, options: roles },
            { id: 'lifetime', label: t.lifetime, hint: t.lifetimeHint, value: lifetime, onChange: setLifetime, options: lifetimes },
            { id: 'cloud', label: t.cloud, hint: t.cloudHint, value: cloud, onChange: setCloud, options: cloudOptions },
          ].map(({ id, ...select }) => (
            <Select key={id} id={`api-key-${id}`} {...select} />
          ))}
        </AddPanel>
      )}
    </>
  )
}

/** The new key, shown this once (its box takes the focus) until "I have stored the key". */
function KeyOnce({ created, onDone }: { created: CreatedApiKeyData; onDone: () => void }) {
  const t = useMessages(adminApiKeyMessages)
  const texts = { once: t.once, hint: t.useHint, copy: t.copy, copied: t.copied, copyFailed: t.copyFailed, done: t.stored }
  return (
    <SecretBox
      id="api-key"
      heading="h2"
      title={t.createdTitle({ name: created.summary.name })}
      secret={created.key}
      texts={texts}
      onDone={onDone}
    />
  )
}
