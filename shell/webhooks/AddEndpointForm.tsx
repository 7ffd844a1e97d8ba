import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import type { AddWebhookData, WebhookKind } from '../../contract/webhooks'
import * as forms from '../accounts/accounts.css'
import { addWebhook } from './api'
import { KIND_NAMES, type PanelError, URL_EXAMPLES, webhookError } from './model'
import * as styles from './webhooks.css'

/** Props of {@link AddEndpointForm}. */
export interface AddEndpointFormProps {
  /** The most endpoints the user may have (for the limit's message). */
  limit: number
  /** An endpoint was added: the server's answer (the secret is also shown here, once). */
  onAdded: (data: AddWebhookData) => void
}

const KIND_HINTS: Readonly<Record<WebhookKind, string>> = {
  webhook: 'Signed JSON to any HTTPS receiver of yours (Standard Webhooks).',
  slack: 'A message in a Slack channel, through a Slack incoming webhook.',
}

/**
 * Adding an endpoint: the kind (Webhook or Slack) and its URL → `POST /api/webhooks`. A refused
 * URL keeps what was typed and says why next to the field; after a webhook is added its signing
 * secret is shown once ({@link SecretOnce}).
 */
export function AddEndpointForm({ limit, onAdded }: AddEndpointFormProps) {
  const id = useId()
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
      setError({ text: 'Enter the address deliveries should go to.', field: true })
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
      setError(webhookError(e, limit))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      {added && <SecretOnce key={added.endpoint.id} added={added} onDone={() => setAdded(null)} />}
      <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`} data-testid="webhook-add">
        <h3 className={styles.formTitle} id={`${id}-title`}>
          Add an endpoint
        </h3>
        {error && !error.field && (
          <p className={styles.problem} role="alert" data-testid="webhook-add-error">
            {error.text}
          </p>
        )}
        <fieldset className={styles.kinds}>
          <legend className={styles.legend}>Kind</legend>
          {(['webhook', 'slack'] as const).map((k) => (
            <label key={k} className={styles.choice}>
              <input type="radio" name={`${id}-kind`} value={k} checked={kind === k} onChange={() => setKind(k)} />
              <span>
                <strong>{KIND_NAMES[k]}</strong> — {KIND_HINTS[k]}
              </span>
            </label>
          ))}
        </fieldset>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={urlId}>
            {kind === 'slack' ? 'Slack incoming-webhook URL' : 'Endpoint URL'}
          </label>
          <p className={styles.hint} id={hintId}>
            {kind === 'slack'
              ? 'From your Slack app’s Incoming Webhooks page; it starts with https://hooks.slack.com/services/.'
              : 'A public https:// address that accepts POST requests.'}
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
          {busy ? 'Adding…' : 'Add endpoint'}
        </button>
      </form>
    </>
  )
}

/**
 * What adding said: for a webhook its signing secret, shown this once with a copy button; for
 * Slack, that there is none. Focus moves here, so keyboard and screen-reader users meet it first.
 */
function SecretOnce({ added, onDone }: { added: AddWebhookData; onDone: () => void }) {
  const titleRef = useRef<HTMLHeadingElement>(null)
  const [copied, setCopied] = useState('')
  useEffect(() => titleRef.current?.focus(), [])
  const { endpoint, secret } = added
  const copy = () => {
    if (!secret) return
    const fail = () => setCopied('Could not copy: select the secret and copy it yourself.')
    if (!navigator.clipboard) return fail()
    navigator.clipboard.writeText(secret).then(() => setCopied('Copied to the clipboard.'), fail)
  }
  return (
    <section className={styles.secretBox} aria-labelledby="webhook-added-title" data-testid="webhook-added">
      <h3 className={styles.secretTitle} id="webhook-added-title" tabIndex={-1} ref={titleRef}>
        {KIND_NAMES[endpoint.kind]} endpoint added
      </h3>
      {secret ? (
        <>
          <p className={styles.once} data-testid="webhook-secret-once">
            Signing secret — shown only once. Copy it now and store it with your receiver: it cannot be shown again. If you lose it, remove
            the endpoint and add it again.
          </p>
          <code className={styles.secret} data-testid="webhook-secret">
            {secret}
          </code>
          <p className={styles.hint}>
            Your receiver uses it to check the <code>webhook-signature</code> header of each delivery (Standard Webhooks, for example with
            the <code>standardwebhooks</code> package).
          </p>
          <p className={styles.actions}>
            <button type="button" className={styles.small} onClick={copy}>
              Copy secret
            </button>
            <button type="button" className={styles.small} onClick={onDone}>
              I have stored it
            </button>
            <span role="status">{copied}</span>
          </p>
        </>
      ) : (
        <>
          <p>Slack messages are not signed, so there is no secret to keep. The address is itself the credential: it is shown masked.</p>
          <p className={styles.actions}>
            <button type="button" className={styles.small} onClick={onDone}>
              Close
            </button>
          </p>
        </>
      )}
    </section>
  )
}
