import { useRef, useState } from 'react'
import type { WebhookEndpoint } from '../../contract/webhooks'
import { useTimezone } from '../../widgets/core/react'
import { useLoad } from '../admin/use-load'
import { AddEndpointForm } from './AddEndpointForm'
import { fetchWebhooks } from './api'
import { EndpointItem } from './EndpointItem'
import { countText } from './model'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { webhooksMessages } from './messages'
import * as styles from './webhooks.css'

/** The most endpoints per user until the server's answer says (`MAX_WEBHOOK_ENDPOINTS`). */
const DEFAULT_LIMIT = 5

/**
 * "Webhooks, Slack and Teams" (docs/subscriptions.md; README "Webhooks, Slack and
 * Teams"), below the subscription panel on /subscribe: the same events as the user's notification
 * emails, delivered to HTTPS endpoints, Slack or Microsoft Teams. Lists the endpoints
 * (`GET /api/webhooks`), adds one ({@link AddEndpointForm}, the signing secret shown once), tests
 * and removes each ({@link EndpointItem}). Signed-in users only: the page sends others to sign-in.
 */
export function WebhooksPanel() {
  const zone = useTimezone()
  const locale = useLocale()
  const t = useMessages(webhooksMessages)
  const loaded = useLoad(fetchWebhooks)
  const [message, setMessage] = useState('')
  const titleRef = useRef<HTMLHeadingElement>(null)
  const data = loaded.state.data
  const limit = data?.limit ?? DEFAULT_LIMIT

  const put = (endpoints: WebhookEndpoint[]) => loaded.replace({ endpoints, limit })
  const changed = (endpoint: WebhookEndpoint) => put((data?.endpoints ?? []).map((e) => (e.id === endpoint.id ? endpoint : e)))
  const removed = (id: number, text: string) => {
    put((data?.endpoints ?? []).filter((e) => e.id !== id))
    setMessage(text)
    // The removed row took the focus with it: back to the panel's heading.
    titleRef.current?.focus()
  }

  return (
    <section className={styles.panel} aria-labelledby="webhooks-title" data-testid="webhooks">
      <div className={styles.header}>
        <h2 className={styles.title} id="webhooks-title" ref={titleRef} tabIndex={-1}>
          {t.title}
        </h2>
        {data && (
          <p className={styles.count} data-testid="webhooks-count">
            {countText(data.endpoints.length, limit, locale)}
          </p>
        )}
        {data && (
          <button type="button" className={styles.refresh} onClick={() => loaded.reload()}>
            {t.refresh}
          </button>
        )}
      </div>
      <p className={styles.intro}>{t.intro}</p>
      <div role="status">{message && <p className={styles.message}>{message}</p>}</div>
      {loaded.state.status === 'error' && (
        <div className={styles.problem} role="alert">
          {t.loadFailed({ error: String(loaded.state.error) })}{' '}
          <button type="button" className={styles.small} onClick={() => loaded.reload()}>
            {t.retry}
          </button>
        </div>
      )}
      {!data && loaded.state.status === 'loading' && <p role="status">{t.loading}</p>}
      {data && data.endpoints.length === 0 && <p data-testid="webhooks-empty">{t.empty}</p>}
      {data && data.endpoints.length > 0 && (
        <ul className={styles.list} aria-label={t.list}>
          {data.endpoints.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} zone={zone} limit={limit} onChanged={changed} onRemoved={removed} />
          ))}
        </ul>
      )}
      <AddEndpointForm
        limit={limit}
        onAdded={({ endpoint }) => {
          setMessage('')
          put([...(data?.endpoints ?? []), endpoint])
        }}
      />
    </section>
  )
}
