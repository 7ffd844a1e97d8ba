import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import type { SessionSummary } from '../../../../contract/staff-identity'
import { formatTimestamp } from '../../../../contract/time'
import { ApiError } from '../../../../widgets/core/request'
import { $session } from '../../../../widgets/core/session'
import { useLocale, useMessages } from '../../../../widgets/core/i18n/react'
import { accountError } from '../../../accounts/errors'
import * as accountStyles from '../../../accounts/accounts.css'
import { showToast } from '../../../toast'
import { AccountAlert } from '../AccountPage'
import { $sessions, endAllSessions, endSession, loadSessions } from './api'
import { sessionsMessages } from './messages'
import * as styles from './sessions.css'

/**
 * The settings page's Sessions section (docs/operating/staff-sign-in.md "Sessions";
 * docs/requirements/screens.md#route-table, Settings): every browser signed in to the account — its
 * device, the IP address the server saw, when it signed in and was last active (in the user's time
 * zone), "This session" on the current one (listed first, the others newest first) — each with
 * "Sign out this session", and "Sign out everywhere" after a confirmation. Ending this browser's own session signs it out here (the
 * protected page then sends it to sign-in).
 */
export function SessionsSection() {
  const t = useMessages(sessionsMessages)
  const locale = useLocale()
  const sessions = useStore($sessions)
  const { timezone } = useStore($session)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const openRef = useRef<HTMLButtonElement>(null)

  /** The words of a failed call: the codes of these calls in the page's language, else the account pages' own. */
  const problem = (e: unknown) => {
    if (e instanceof ApiError && e.code === 'second_factor_required') return t.secondFactor
    if (e instanceof ApiError && e.code === 'not_found') return t.gone
    return accountError(e, { locale })
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once, when the section opens
  useEffect(() => {
    loadSessions().catch((e) => setError(problem(e)))
  }, [])

  useEffect(() => {
    if (confirming) confirmRef.current?.focus()
  }, [confirming])

  const time = (ms: number) => formatTimestamp(ms, timezone, locale)
  const deviceName = (s: SessionSummary) => s.device || t.unknownDevice

  const signOutOne = async (s: SessionSummary) => {
    if (busy) return
    setBusy(s.id)
    setError('')
    try {
      await endSession(s.id)
      showToast(t.ended({ device: deviceName(s) }))
    } catch (e) {
      setError(problem(e))
      if (e instanceof ApiError && e.code === 'not_found') await loadSessions().catch(() => undefined)
    } finally {
      setBusy(null)
    }
  }

  const signOutEverywhere = async () => {
    if (busy) return
    setBusy('all')
    setError('')
    try {
      const ended = await endAllSessions()
      showToast(t.signedOutEverywhere(ended))
    } catch (e) {
      setError(problem(e))
      setBusy(null)
    }
  }

  const cancel = () => {
    setConfirming(false)
    openRef.current?.focus()
  }

  return (
    <section className={styles.section} aria-labelledby="sessions-title" data-testid="settings-sessions">
      <h2 id="sessions-title" className={styles.heading}>
        {t.title}
      </h2>
      <p className={styles.intro}>{t.intro}</p>
      <AccountAlert message={error} id="sessions-error" />
      {sessions === null ? (
        error ? null : (
          <p role="status">{t.loading}</p>
        )
      ) : (
        <>
          <ul className={styles.list} aria-labelledby="sessions-title">
            {[...sessions]
              .sort((a, b) => Number(b.current) - Number(a.current))
              .map((s) => (
                <li key={s.id} className={styles.row} data-testid="session-row" data-current={s.current || undefined}>
                  <div className={styles.rowHead}>
                    <span id={`session-${s.id}`}>{deviceName(s)}</span>
                    {s.current ? <span className={styles.badge}>{t.current}</span> : null}
                    {s.auth_method === 'sso' ? <span className={styles.badge}>{t.singleSignOn}</span> : null}
                  </div>
                  <dl className={styles.meta}>
                    <dt className={styles.metaLabel}>{t.ip}</dt>
                    <dd className={styles.metaValue} dir="ltr" data-testid="session-ip">
                      {s.ip}
                    </dd>
                    <dt className={styles.metaLabel}>{t.created}</dt>
                    <dd className={styles.metaValue}>{time(s.created)}</dd>
                    <dt className={styles.metaLabel}>{t.lastSeen}</dt>
                    <dd className={styles.metaValue}>{time(s.last_seen)}</dd>
                  </dl>
                  <div className={styles.actions}>
                    <button
                      type="button"
                      className={accountStyles.secondary}
                      aria-disabled={busy !== null || undefined}
                      aria-describedby={`session-${s.id}`}
                      onClick={() => void signOutOne(s)}
                    >
                      {t.signOutThis}
                    </button>
                  </div>
                </li>
              ))}
          </ul>
          {confirming ? (
            <div className={styles.confirm}>
              <p id="sessions-confirm" style={{ margin: 0 }}>
                {t.confirmEverywhere}
              </p>
              <div className={styles.actions}>
                <button
                  ref={confirmRef}
                  type="button"
                  className={accountStyles.primary}
                  aria-disabled={busy !== null || undefined}
                  aria-describedby="sessions-confirm"
                  onClick={() => void signOutEverywhere()}
                  data-testid="sessions-confirm-everywhere"
                >
                  {t.signOutEverywhere}
                </button>
                <button type="button" className={accountStyles.secondary} onClick={cancel}>
                  {t.cancel}
                </button>
              </div>
            </div>
          ) : (
            <button ref={openRef} type="button" className={accountStyles.secondary} onClick={() => setConfirming(true)}>
              {t.signOutEverywhere}
            </button>
          )}
        </>
      )}
    </section>
  )
}
