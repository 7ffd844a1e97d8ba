import { useId, useState } from 'react'
import type { ApiAnswer } from '../../../contract/common'
import type { ThirdPartyData, ThirdPartyGroup } from '../../../contract/third-party'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { useResource } from '../../../widgets/core/react'
import { ApiError, is, request } from '../../../widgets/core/request'
import { errorMessage } from '../../../widgets/core/resource'
import { formatTimestamp } from '../../../contract/time.js'
import { thirdPartyMessages } from './messages'
import * as styles from '../../../widgets/cloud-status/cloud-status.css'
import * as tp from './third-party.css'

/** `GET /api/third-party?cloud=`: the cloud's third-party groups (checked, never trusted blindly). */
export async function fetchThirdParty(cloud: string, apiBase: string, signal?: AbortSignal): Promise<ThirdPartyData> {
  const answer = await request<ApiAnswer<ThirdPartyData>>('/api/third-party', { query: { cloud }, apiBase, signal })
  const data = is.object(answer) ? answer.data : undefined
  if (
    !is.object(data) ||
    !is.array(data.groups) ||
    !data.groups.every((g) => is.object(g) && is.string(g.name) && is.array(g.components))
  ) {
    throw new ApiError('The service sent third-party data of an unexpected shape.', 0, 'Malformed answer')
  }
  return data as ThirdPartyData
}

interface Props {
  cloud: string
  apiBase?: string
  timezone?: string
  isLoggedIn: boolean
  isTrustDR?: boolean
}

/**
 * The cloud's third-party groups (docs/operating/console-and-desk.md#third-party-components): each group under its name with
 * a visible "Third-party" label and its source, each component's status in words (and a coloured
 * dot beside the words), "Status unknown since …" while the provider's page cannot be read, and a
 * subscribe button per component for signed-in visitors. Renders nothing for a cloud without any.
 */
export function ThirdPartyBlock({ cloud, apiBase = '', timezone = 'UTC', isLoggedIn, isTrustDR = false }: Props) {
  const state = useResource((signal) => fetchThirdParty(cloud, apiBase, signal), [cloud, apiBase, isLoggedIn])
  const t = useMessages(thirdPartyMessages)
  const id = useId()
  const groups = state.status === 'ready' ? state.data.groups : []
  if (groups.length === 0) return null
  return (
    <section className={styles.block} aria-labelledby={`${id}-title`} data-testid="status-block-third-party" part="block">
      <h2 className={styles.blockTitle} id={`${id}-title`}>
        {t.title}
      </h2>
      <p className={tp.note}>{t.intro}</p>
      {groups.map((g) => (
        <Group
          key={g.id}
          group={g}
          cloud={cloud}
          apiBase={apiBase}
          timezone={timezone}
          canSubscribe={isLoggedIn && !isTrustDR}
          onChanged={state.reload}
        />
      ))}
    </section>
  )
}

function Group({
  group,
  cloud,
  apiBase,
  timezone,
  canSubscribe,
  onChanged,
}: {
  group: ThirdPartyGroup
  cloud: string
  apiBase: string
  timezone: string
  canSubscribe: boolean
  onChanged: () => void
}) {
  const t = useMessages(thirdPartyMessages)
  const locale = useLocale()
  const id = useId()
  const [pending, setPending] = useState<number | null>(null)
  const [error, setError] = useState('')
  const unknown = group.unknown_since !== null
  const toggle = async (componentId: number, name: string, on: boolean) => {
    setPending(componentId)
    setError('')
    try {
      await request('/api/third-party/subscribe', {
        method: 'POST',
        apiBase,
        body: { cloud, component: componentId, action: on ? 'unsubscribe' : 'subscribe' },
      })
      onChanged()
    } catch (e) {
      setError(t.failed({ name, error: errorMessage(e) }))
    } finally {
      setPending(null)
    }
  }
  return (
    <section className={tp.group} aria-labelledby={`${id}-name`} data-testid="third-party-group">
      <h3 className={tp.groupTitle} id={`${id}-name`}>
        <span>{group.name}</span>
        <span className={tp.badge} data-testid="third-party-badge">
          {t.badge}
        </span>
      </h3>
      <p className={tp.note}>
        {t.source({ url: group.base_url })}
        {!unknown && group.checked_at ? ` · ${t.checked({ time: formatTimestamp(group.checked_at, timezone, locale) })}` : ''}
      </p>
      {unknown && (
        <p className={tp.unknown} role="status" data-testid="third-party-unknown">
          {t.unknownSince({ time: formatTimestamp(group.unknown_since!, timezone, locale) })}
        </p>
      )}
      {error && (
        <p className={styles.starError} role="alert">
          {error}
        </p>
      )}
      <ul className={tp.list}>
        {group.components.map((c) => {
          const on = c.subscribed === '1'
          return (
            <li key={c.id} className={tp.item} data-testid="third-party-component">
              <span className={tp.name}>
                {c.name}
                {c.group_name && <span className={tp.upstreamGroup}>{c.group_name}</span>}
              </span>
              <span className={tp.status} data-testid="third-party-status">
                <span className={tp.dot} data-status={unknown ? 'unknown' : c.status} aria-hidden="true" />
                {unknown ? t.unknown : t[c.status]}
              </span>
              {canSubscribe && (
                <button
                  type="button"
                  className={tp.star}
                  aria-pressed={on}
                  disabled={pending === c.id}
                  onClick={() => void toggle(c.id, c.name, on)}
                >
                  {on ? `✓ ${t.subscribed}` : t.notSubscribed}
                  <span className={styles.hidden}>: {c.name}</span>
                </button>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
