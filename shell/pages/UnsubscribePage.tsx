import { useEffect, useState } from 'react'
import type { ApiAnswer } from '../../contract/common'
import type { UnsubscribeData } from '../../contract/subscriptions'
import { ApiError, dataOf, is, request } from '../../widgets/core/request'
import { errorMessage } from '../../widgets/core/resource'
import * as styles from '../accounts/accounts.css'
import * as shell from '../shell.css'

function isUnsubscribeData(d: unknown): d is UnsubscribeData {
  return (
    is.object(d) &&
    is.string(d.mail) &&
    is.string(d.cloud) &&
    Array.isArray(d.names) &&
    d.names.every(is.string) &&
    typeof d.done === 'boolean'
  )
}

/**
 * `GET` / `POST /api/unsubscribe/{token}` (contract `UnsubscribeData`): what the one-click link
 * of a notification email stops, and stopping it. No session is needed; the token is the authority.
 *
 * @throws ApiError 404 `invalid_token`, a failed request or an answer of the wrong shape
 */
export async function unsubscribeByToken(token: string, method: 'GET' | 'POST'): Promise<UnsubscribeData> {
  const path = `/api/unsubscribe/${encodeURIComponent(token)}`
  return dataOf(await request<ApiAnswer<UnsubscribeData>>(path, method === 'POST' ? { method, body: {} } : {}), isUnsubscribeData)
}

/** The message for a failed call: an unknown token reads as an invalid link. */
const problem = (e: unknown) =>
  e instanceof ApiError && e.code === 'invalid_token' ? 'This unsubscribe link is invalid.' : errorMessage(e)

/** "the EMEA and Amsterdam II notifications of AuroraEdge". */
export function unsubscribeScope(data: Pick<UnsubscribeData, 'names' | 'cloud'>): string {
  const names = data.names.length > 1 ? `${data.names.slice(0, -1).join(', ')} and ${data.names.at(-1)}` : (data.names[0] ?? 'these')
  return `the ${names} notifications${data.cloud ? ` of ${data.cloud}` : ''}`
}

/**
 * /unsubscribe/{token}: where the unsubscribe link of a notification email leads. It says what
 * the link stops and asks for one press (a GET never unsubscribes, so mail scanners that open
 * links change nothing); mail clients unsubscribe in one click through the RFC 8058
 * `List-Unsubscribe-Post` header instead.
 */
export default function UnsubscribePage({ token }: { token: string }) {
  const [data, setData] = useState<UnsubscribeData | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const controller = new AbortController()
    unsubscribeByToken(token, 'GET').then(setData, (e) => {
      if (!controller.signal.aborted) setError(problem(e))
    })
    return () => controller.abort()
  }, [token])

  const confirm = async () => {
    setBusy(true)
    setError(null)
    try {
      setData(await unsubscribeByToken(token, 'POST'))
    } catch (e) {
      setError(problem(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={styles.formPage} aria-labelledby="unsubscribe-title" data-testid="unsubscribe">
      <h1 className={shell.pageTitle} id="unsubscribe-title">
        Unsubscribe
      </h1>
      {error && (
        <p className={styles.errorBox} role="alert">
          {error}
        </p>
      )}
      {!data && !error && <p role="status">Loading…</p>}
      {data?.done && (
        <p className={styles.successBox} role="status">
          {data.mail} no longer receives {unsubscribeScope(data)}.
        </p>
      )}
      {data && !data.done && (
        <>
          <p>
            Stop sending {unsubscribeScope(data)} to {data.mail}?
          </p>
          <button type="button" className={styles.primary} disabled={busy} onClick={() => void confirm()}>
            Unsubscribe
          </button>
        </>
      )}
      <p className={styles.links}>
        <a href="/subscribe">Manage all your subscriptions</a>
      </p>
    </section>
  )
}
