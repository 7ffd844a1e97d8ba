import { type FormEvent, Fragment, type ReactNode, useId, useState } from 'react'
import type { AddWebhookData, WebhookKind } from '../../contract/webhooks'
import * as forms from '../accounts/accounts.css'
import { addWebhook } from './api'
import { KIND_NAMES, type PanelError, URL_EXAMPLES, webhookError } from './model'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { webhooksMessages } from './messages'
import { SecretBox } from './SecretBox'
import * as styles from './webhooks.css'

/** Props of {@link AddEndpointForm}. */
export interface AddEndpointFormProps {
  /** The most endpoints the user may have (for the limit's message). */
  limit: number
  /** An endpoint was added: the server's answer (the secret is also shown here, once). */
  onAdded: (data: AddWebhookData) => void
}

/** Each kind's hint (a message key). */
const KIND_HINTS = { webhook: 'kindHintWebhook', slack: 'kindHintSlack', teams: 'kindHintTeams' } as const satisfies Record<
  WebhookKind,
  string
>

/** Each kind's URL label and hint (message keys). */
const URL_TEXTS = {
  webhook: ['endpointUrl', 'endpointUrlHint'],
  slack: ['slackUrl', 'slackUrlHint'],
  teams: ['teamsUrl', 'teamsUrlHint'],
} as const satisfies Record<WebhookKind, readonly [string, string]>

/** What the box after adding says for the kinds without a secret (message keys). */
const NO_SECRET = { slack: 'slackNoSecret', teams: 'teamsNoSecret' } as const

/** `text` with each part between two private-use markers (U+E000) (a placeholder's value) shown as `<code>`. */
function withCode(text: string): ReactNode[] {
  return text.split(/\uE000([^\uE000]+)\uE000/).map((part, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
    i % 2 === 1 ? <code key={i}>{part}</code> : <Fragment key={i}>{part}</Fragment>,
  )
}

/**
 * Adding an endpoint: the kind (Webhook, Slack or Microsoft Teams) and its URL → `POST /api/webhooks`. A refused
 * URL keeps what was typed and says why next to the field; after a webhook is added its signing
 * secret is shown once ({@link SecretOnce}).
 */
export function AddEndpointForm({ limit, onAdded }: AddEndpointFormProps) {
  const id = useId()
  const locale = useLocale()
  const t = useMessages(webhooksMessages)
  const [kind, setKind] = useState<WebhookKind>('webhook')
  const [url, setUrl] = useState('')
  const [error, setError] = useState<PanelError | null>(null)
  const [busy, setBusy] = useState(false)
  const [added, setAdded] = useState<AddWebhookData | null>(null)
  const urlId = `${id}-url`
  const hintId = `${id}-url-hint`
  const errorId = `${id}-url-error`

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (url.trim() === '') {
      setError({ text: t.enterAddress, field: true })
      return
    }
    setBusy(true)
    setError(null)
    try {
      const data = await addWebhook(kind, url.trim())
      setUrl('')
      setAdded(data)
      onAdded(data)
    } catch (e) {
      setError(webhookError(e, limit, locale))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      {added && <SecretOnce key={added.endpoint.id} added={added} onDone={() => setAdded(null)} />}
      <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`} data-testid="webhook-add">
        <h3 className={styles.formTitle} id={`${id}-title`}>
          {t.addTitle}
        </h3>
        {error && !error.field && (
          <p className={styles.problem} role="alert" data-testid="webhook-add-error">
            {error.text}
          </p>
        )}
        <fieldset className={styles.kinds}>
          <legend className={styles.legend}>{t.kind}</legend>
          {(['webhook', 'slack', 'teams'] as const).map((k) => (
            <label key={k} className={styles.choice}>
              <input type="radio" name={`${id}-kind`} value={k} checked={kind === k} onChange={() => setKind(k)} />
              <span>
                <strong>{KIND_NAMES[k]}</strong> — {t[KIND_HINTS[k]]}
              </span>
            </label>
          ))}
        </fieldset>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={urlId}>
            {t[URL_TEXTS[kind][0]]}
          </label>
          <p className={styles.hint} id={hintId}>
            {t[URL_TEXTS[kind][1]]}
          </p>
          <input
            id={urlId}
            className={forms.input}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            required
            maxLength={2000}
            placeholder={URL_EXAMPLES[kind]}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={error?.field ? true : undefined}
            aria-describedby={error?.field ? `${hintId} ${errorId}` : hintId}
          />
          {error?.field && (
            <p className={forms.fieldError} id={errorId} role="alert" data-testid="webhook-url-error">
              {error.text}
            </p>
          )}
        </div>
        <button type="submit" className={forms.primary} aria-disabled={busy || undefined}>
          {busy ? t.adding : t.add}
        </button>
      </form>
    </>
  )
}

/**
 * What adding said: for a webhook its signing secret, shown this once with a copy button; for
 * Slack and Teams, that there is none. Focus moves here, so keyboard and screen-reader users meet it first.
 */
function SecretOnce({ added, onDone }: { added: AddWebhookData; onDone: () => void }) {
  const t = useMessages(webhooksMessages)
  const { endpoint, secret } = added
  const texts = {
    once: t.secretOnce,
    hint: withCode(t.secretUse({ header: '\uE000webhook-signature\uE000', package: '\uE000standardwebhooks\uE000' })),
    copy: t.copySecret,
    copied: t.copied,
    copyFailed: t.copyFailed,
    done: t.stored,
  }
  return (
    <SecretBox id="webhook" heading="h3" title={t.added({ kind: KIND_NAMES[endpoint.kind] })} secret={secret} texts={texts} onDone={onDone}>
      <p>{t[NO_SECRET[endpoint.kind === 'teams' ? 'teams' : 'slack']]}</p>
      <p className={styles.actions}>
        <button type="button" className={styles.small} onClick={onDone}>
          {t.close}
        </button>
      </p>
    </SecretBox>
  )
}
