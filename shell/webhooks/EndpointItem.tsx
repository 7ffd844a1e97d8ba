import { Fragment, useEffect, useId, useRef, useState } from 'react'
import type { WebhookEndpoint } from '../../contract/webhooks'
import { ApiError } from '../../widgets/core/request'
import { formatTimestamp } from '../../contract/time.js'
import { deleteWebhook, testWebhook } from './api'
import { disabledDetail, KIND_NAMES, testOutcomeText, webhookError } from './model'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { webhooksMessages } from './messages'
import * as styles from './webhooks.css'

/** Props of {@link EndpointItem}. */
export interface EndpointItemProps {
  endpoint: WebhookEndpoint
  /** IANA zone the times are shown in. */
  zone: string
  limit: number
  /** The server answered with the endpoint as it is now (after a test). */
  onChanged: (endpoint: WebhookEndpoint) => void
  /** The endpoint was removed (or was already gone). */
  onRemoved: (id: number, message: string) => void
}

/** `url` with a line-break opportunity after each `/`, so a long URL wraps between its segments. */
function breakable(url: string) {
  return url.split(/(?<=\/)/).map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
    <Fragment key={i}>
      {part}
      <wbr />
    </Fragment>
  ))
}

/** What the last test delivery (or a failed call) said. */
type Outcome = { delivered: boolean; text: string } | null

/**
 * One endpoint of the list: its kind, URL (as the server masks it), status in words (Active, or
 * Disabled since … with the reason), failures in a row, waiting deliveries and the last delivery;
 * Send test delivery (`POST /api/webhooks/{id}/test`, the outcome in a status line) and Remove
 * after a confirmation (`DELETE`).
 */
export function EndpointItem({ endpoint, zone, limit, onChanged, onRemoved }: EndpointItemProps) {
  const id = useId()
  const locale = useLocale()
  const t = useMessages(webhooksMessages)
  const [testing, setTesting] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [confirming, setConfirming] = useState(false)
  const [removing, setRemoving] = useState(false)
  const [problem, setProblem] = useState('')
  const questionRef = useRef<HTMLParagraphElement>(null)
  const removeRef = useRef<HTMLButtonElement>(null)
  const asked = useRef(false)
  const kind = KIND_NAMES[endpoint.kind]
  const disabled = endpoint.disabled_at !== null

  useEffect(() => {
    // Focus follows the confirmation: to its question when it opens, back to Remove when kept.
    if (confirming) questionRef.current?.focus()
    else if (asked.current) removeRef.current?.focus()
    asked.current = confirming
  }, [confirming])

  const gone = (e: unknown) => e instanceof ApiError && e.code === 'not_found'

  const test = async () => {
    if (testing) return
    setTesting(true)
    setOutcome(null)
    setProblem('')
    try {
      const result = await testWebhook(endpoint.id)
      setOutcome({ delivered: result.delivered, text: testOutcomeText(result, locale) })
      onChanged(result.endpoint)
    } catch (e) {
      if (gone(e)) return onRemoved(endpoint.id, webhookError(e, limit, locale).text)
      setProblem(webhookError(e, limit, locale).text)
    } finally {
      setTesting(false)
    }
  }

  const remove = async () => {
    if (removing) return
    setRemoving(true)
    setProblem('')
    try {
      await deleteWebhook(endpoint.id)
      onRemoved(endpoint.id, t.removed({ kind, url: endpoint.url }))
    } catch (e) {
      if (gone(e)) return onRemoved(endpoint.id, webhookError(e, limit, locale).text)
      setProblem(webhookError(e, limit, locale).text)
      setRemoving(false)
    }
  }

  return (
    <li
      className={styles.item}
      data-status={disabled ? 'disabled' : 'active'}
      aria-labelledby={`${id}-name`}
      data-testid="webhook-endpoint"
    >
      <p className={styles.itemHead} id={`${id}-name`}>
        <span className={styles.kind}>{kind}</span>
        {/* A URL reads left to right on every page: a masked `••••?••••` tail stays at its end on RTL pages too. */}
        <span className={styles.url} dir="ltr" data-testid="webhook-endpoint-url">
          {breakable(endpoint.url)}
        </span>
      </p>
      <dl className={styles.facts}>
        <dt>{t.status}</dt>
        <dd className={styles.wide} data-testid="webhook-endpoint-status">
          <span className={styles.statusWord}>{disabled ? t.disabled : t.active}</span>
          {disabled && ` ${disabledDetail(endpoint, zone, locale)}`}
        </dd>
        <dt>{t.failures}</dt>
        <dd data-testid="webhook-endpoint-failures">{endpoint.consecutive_failures}</dd>
        <dt>{t.pending}</dt>
        <dd data-testid="webhook-endpoint-pending">{endpoint.pending}</dd>
        <dt>{t.lastDelivered}</dt>
        <dd className={styles.wide} data-testid="webhook-endpoint-last">
          {endpoint.last_delivered_at ? formatTimestamp(endpoint.last_delivered_at, zone, locale) : t.nothingDelivered}
        </dd>
      </dl>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {confirming ? (
        <div className={styles.confirm} data-testid="webhook-remove-confirm">
          <p ref={questionRef} tabIndex={-1} style={{ margin: 0 }}>
            {t.removeQuestion}
          </p>
          <button type="button" className={styles.danger} aria-disabled={removing || undefined} onClick={() => void remove()}>
            {removing ? t.removing : t.removeEndpoint}
          </button>
          <button type="button" className={styles.small} onClick={() => setConfirming(false)}>
            {t.keep}
          </button>
        </div>
      ) : (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.small}
            aria-disabled={testing || undefined}
            aria-label={testing ? t.sendingTestTo({ url: endpoint.url }) : t.sendTestTo({ url: endpoint.url })}
            onClick={() => void test()}
          >
            {testing ? t.sendingTest : t.sendTest}
          </button>
          <button
            ref={removeRef}
            type="button"
            className={styles.danger}
            aria-label={t.removeUrl({ url: endpoint.url })}
            onClick={() => setConfirming(true)}
          >
            {t.remove}
          </button>
        </div>
      )}
      <p
        className={styles.outcome}
        role="status"
        data-testid="webhook-test-outcome"
        data-delivered={outcome ? String(outcome.delivered) : undefined}
      >
        {outcome && (
          <>
            <span className={styles.delivered}>{t.testDelivery}</span>
            {outcome.text}
          </>
        )}
      </p>
    </li>
  )
}
