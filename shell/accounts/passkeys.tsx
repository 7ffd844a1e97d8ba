/**
 * The passkey controls of the second factor (docs/operating/staff-sign-in.md "Passkeys";
 * calls in contract/passkeys.ts), self-contained so the sign-in page, the console gate and the
 * settings page place them as they are:
 *
 * - {@link PasskeyProve}: "Use a passkey", the authentication ceremony that proves this session.
 * - {@link PasskeyEnrol}: a name and "Add a passkey", the registration ceremony.
 * - {@link PasskeyList}: the account's passkeys with a remove button each.
 *
 * The ceremonies run in the browser through `@simplewebauthn/browser`; every failure is shown in
 * words that say what to do next (a live region), never as a code.
 */
import { useStore } from '@nanostores/react'
import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser'
import { type FormEvent, type ReactElement, useId, useState } from 'react'
import type { ApiAnswer } from '../../contract/common'
import type { Locale } from '../../contract/locale'
import { PASSKEY_NAME_MAX } from '../../contract/constants'
import type { PasskeyAuthenticationOptions, PasskeyRegistrationOptions } from '../../contract/passkeys'
import type { PasskeySummary, RecoveryCodesData } from '../../contract/staff-identity'
import { formatTimestamp } from '../../contract/time'
import { ApiError, request } from '../../widgets/core/request'
import { $session } from '../../widgets/core/session'
import * as styles from './accounts.css'
import { Field } from './Field'
import { passkeyMessages } from './webauthn/messages'
import * as css from './webauthn/passkeys.css'

type Texts = ReturnType<ReturnType<(typeof passkeyMessages)['in']>['get']>

const POST = 'POST' as const

/** The texts of the server's error codes of the passkey calls (contract/passkeys.ts). */
const API_ERRORS: Readonly<Record<string, 'refused' | 'noPasskeys' | 'expired' | 'alreadyRegistered' | 'tooMany' | 'proveFirst'>> = {
  passkey_refused: 'refused',
  no_passkeys: 'noPasskeys',
  passkey_expired: 'expired',
  passkey_registered: 'alreadyRegistered',
  too_many_attempts: 'tooMany',
  second_factor_required: 'proveFirst',
}

/** The words of a failed ceremony or call. */
export function passkeyError(error: unknown, t: Texts): string {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return t.alreadyRegistered
    if (error.name === 'NotAllowedError' || error.code === 'ERROR_CEREMONY_ABORTED') return t.cancelled
    return t.failed
  }
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) return t.cancelled
  const key = error instanceof ApiError && error.code && Object.hasOwn(API_ERRORS, error.code) ? API_ERRORS[error.code] : undefined
  if (key) return t[key]
  return t.failed
}

/** The error line of a control: announced when it appears. */
function ErrorLine({ id, text }: { id: string; text: string }) {
  return (
    <p className={styles.fieldError} id={id} role="alert">
      {text}
    </p>
  )
}

/**
 * The state of one ceremony control: `run(ceremony)` checks that the browser has WebAuthn, runs
 * the ceremony (busy meanwhile) and keeps its failure in words.
 */
function useCeremony(t: Texts) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  async function run(ceremony: () => Promise<void>): Promise<void> {
    setError('')
    if (!browserSupportsWebAuthn()) return setError(t.unsupported)
    setBusy(true)
    try {
      await ceremony()
    } catch (e) {
      setError(passkeyError(e, t))
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, run }
}

/** Props of {@link PasskeyProve}. */
export interface PasskeyProveProps {
  locale: Locale
  /** Called once the server accepted the passkey (this session is proved). */
  onProved: () => void
}

/**
 * "Use a passkey": asks the server for a challenge (`POST /api/user/passkeys/authentication-options`),
 * lets the browser sign it with one of the account's passkeys, and sends the answer
 * (`POST /api/user/passkeys/authenticate`); on success calls `onProved`.
 */
export function PasskeyProve({ locale, onProved }: PasskeyProveProps): ReactElement {
  const t = passkeyMessages.in(locale).get()
  const { busy, error, run } = useCeremony(t)
  const errorId = useId()

  const prove = () =>
    run(async () => {
      const options = await request<ApiAnswer<PasskeyAuthenticationOptions>>('/api/user/passkeys/authentication-options', {
        method: POST,
        body: {},
      })
      const response = await startAuthentication({ optionsJSON: options.data })
      await request('/api/user/passkeys/authenticate', { method: POST, body: { response } })
      onProved()
    })

  return (
    <div className={styles.field} data-passkey="prove">
      <button
        type="button"
        className={styles.secondary}
        onClick={prove}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {busy ? t.using : t.use}
      </button>
      {error && <ErrorLine id={errorId} text={error} />}
    </div>
  )
}

/** Props of {@link PasskeyEnrol}. */
export interface PasskeyEnrolProps {
  locale: Locale
  /**
   * Called once the passkey is stored, with the recovery codes to show this once (empty when the
   * account already had codes).
   */
  onEnrolled: (recoveryCodes: string[]) => void
}

/**
 * A name field and "Add a passkey": asks for registration options
 * (`POST /api/user/passkeys/registration-options`), lets the browser make the passkey, and stores
 * it (`POST /api/user/passkeys`); on success calls `onEnrolled` with the new recovery codes.
 */
export function PasskeyEnrol({ locale, onEnrolled }: PasskeyEnrolProps): ReactElement {
  const t = passkeyMessages.in(locale).get()
  const [name, setName] = useState('')
  const [nameError, setNameError] = useState('')
  const { busy, error, run } = useCeremony(t)
  const id = useId()

  function enrol(event: FormEvent) {
    event.preventDefault()
    const trimmed = name.trim()
    const invalid = trimmed === '' ? t.nameRequired : trimmed.length > PASSKEY_NAME_MAX ? t.nameTooLong : ''
    setNameError(invalid)
    if (invalid) {
      document.getElementById(`${id}-name`)?.focus()
      return
    }
    void run(async () => {
      const options = await request<ApiAnswer<PasskeyRegistrationOptions>>('/api/user/passkeys/registration-options', {
        method: POST,
        body: {},
      })
      const response = await startRegistration({ optionsJSON: options.data })
      const stored = await request<ApiAnswer<RecoveryCodesData>>('/api/user/passkeys', { method: POST, body: { name: trimmed, response } })
      setName('')
      onEnrolled(stored.data.codes)
    })
  }

  return (
    <form className={styles.form} onSubmit={enrol} noValidate data-passkey="enrol">
      <Field
        id={`${id}-name`}
        label={t.nameLabel}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={PASSKEY_NAME_MAX}
        autoComplete="off"
        error={nameError}
        aria-description={t.nameHint}
      />
      <div>
        <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy || undefined}>
          {busy ? t.adding : t.add}
        </button>
      </div>
      {error && <ErrorLine id={`${id}-error`} text={error} />}
    </form>
  )
}

/** Props of {@link PasskeyList}. */
export interface PasskeyListProps {
  locale: Locale
  /** The account's passkeys (`SecurityData.passkeys` of `GET /api/user/security`). */
  passkeys: PasskeySummary[]
  /** Called after a passkey was removed, to load the list again. */
  onChanged: () => void
}

/**
 * The account's passkeys: name, when added and last used (in the account's time zone), and a
 * "Remove" button each that asks to confirm and calls `DELETE /api/user/passkeys/{id}`.
 */
export function PasskeyList({ locale, passkeys, onChanged }: PasskeyListProps): ReactElement {
  const t = passkeyMessages.in(locale).get()
  const { timezone } = useStore($session)
  const [confirming, setConfirming] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const id = useId()

  async function remove(passkey: PasskeySummary) {
    setBusy(true)
    setError('')
    try {
      await request(`/api/user/passkeys/${encodeURIComponent(passkey.id)}`, { method: 'DELETE' })
      setConfirming(null)
      setNotice(t.removed({ name: passkey.name }))
      onChanged()
    } catch (e) {
      setError(passkeyError(e, t))
    } finally {
      setBusy(false)
    }
  }

  const when = (at: number) => formatTimestamp(at, timezone, locale)
  return (
    <div data-passkey="list">
      {passkeys.length === 0 ? (
        <p className={css.none}>{t.none}</p>
      ) : (
        <ul aria-label={t.listLabel} className={css.list}>
          {passkeys.map((p) => (
            <li key={p.id} className={css.item} data-passkey-id={p.id}>
              <span className={css.name}>{p.name}</span>
              <p className={css.meta}>{t.created({ date: when(p.created) })}</p>
              <p className={css.meta}>{p.last_used === null ? t.neverUsed : t.lastUsed({ date: when(p.last_used) })}</p>
              <div className={css.actions}>
                {confirming === p.id ? (
                  <>
                    <p className={css.question} role="alert">
                      {t.confirmRemove({ name: p.name })}
                    </p>
                    <button type="button" className={styles.primary} disabled={busy} onClick={() => remove(p)}>
                      {t.confirmYes}
                    </button>
                    <button type="button" className={styles.secondary} disabled={busy} onClick={() => setConfirming(null)}>
                      {t.cancel}
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className={styles.secondary}
                    aria-label={t.removeLabel({ name: p.name })}
                    onClick={() => {
                      setNotice('')
                      setConfirming(p.id)
                    }}
                  >
                    {t.remove}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {error && <ErrorLine id={`${id}-error`} text={error} />}
      <p role="status" aria-live="polite">
        {notice}
      </p>
    </div>
  )
}
