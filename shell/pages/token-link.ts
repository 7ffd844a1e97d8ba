import { useEffect, useState } from 'react'
import type { Locale } from '../../contract/locale'
import { useLocale } from '../../widgets/core/i18n/react'
import { ApiError } from '../../widgets/core/request'
import { errorMessage } from '../../widgets/core/resource'
import { accountError } from '../accounts/errors'

/** A page behind a link from a mail whose token is the authority (unsubscribe, opt-in). */
export interface TokenLink<T> {
  /** The link's answer (what a GET shows, then what the POST did); null while loading. */
  data: T | null
  /** What went wrong, in the page's language; null when nothing did. */
  error: string | null
  /** Whether the confirming POST is under way. */
  busy: boolean
  /** Sends the POST that acts on the link (never the GET: mail scanners open links). */
  confirm: () => Promise<void>
}

/**
 * Loads a token link with `call(token, 'GET')` and acts on it with `call(token, 'POST')` on
 * {@link TokenLink.confirm}. A failure reads as `invalidLink` when the server says the token is
 * unknown or expired (`invalid_token`), else as the account pages say it in `locale`.
 *
 * @param call `GET` / `POST /api/{…}/{token}`; throws `ApiError`
 * @param invalidLink the page's "this link is not valid" sentence, by locale
 */
export function useTokenLink<T>(
  token: string,
  call: (token: string, method: 'GET' | 'POST') => Promise<T>,
  invalidLink: (locale: Locale) => string,
): TokenLink<T> {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const locale = useLocale()
  const problem = (e: unknown) =>
    e instanceof ApiError && e.code === 'invalid_token'
      ? invalidLink(locale)
      : locale === 'en'
        ? errorMessage(e)
        : accountError(e, { locale })

  // biome-ignore lint/correctness/useExhaustiveDependencies: `call` and `invalidLink` are module-level functions; `problem` follows `locale`
  useEffect(() => {
    const controller = new AbortController()
    call(token, 'GET').then(setData, (e) => {
      if (!controller.signal.aborted) setError(problem(e))
    })
    return () => controller.abort()
  }, [token, locale])

  const confirm = async () => {
    setBusy(true)
    setError(null)
    try {
      setData(await call(token, 'POST'))
    } catch (e) {
      setError(problem(e))
    } finally {
      setBusy(false)
    }
  }
  return { data, error, busy, confirm }
}
