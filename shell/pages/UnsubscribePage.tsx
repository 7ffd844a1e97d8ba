import type { ApiAnswer } from '../../contract/common'
import type { UnsubscribeData } from '../../contract/subscriptions'
import { dataOf, is, request } from '../../widgets/core/request'
import * as styles from '../accounts/accounts.css'
import type { Locale } from '../../contract/locale'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { accountPageMessages, unsubscribeMessages } from './account/messages'
import { AccountPage, TokenLinkProblem } from './account/AccountPage'
import { useTokenLink } from './token-link'

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

/**
 * "the EMEA and Amsterdam II notifications of AuroraEdge" (the names and the cloud are data).
 * @param locale the page's language @default 'en'
 */
export function unsubscribeScope(data: Pick<UnsubscribeData, 'names' | 'cloud'>, locale: Locale = 'en'): string {
  const t = unsubscribeMessages.in(locale).get()
  const names =
    data.names.length > 1
      ? t.lastTwo({ first: data.names.slice(0, -1).join(t.separator), last: String(data.names.at(-1)) })
      : (data.names[0] ?? t.these)
  return data.cloud ? t.scopeOfCloud({ names, cloud: data.cloud }) : t.scope({ names })
}

/**
 * /unsubscribe/{token}: where the unsubscribe link of a notification email leads. It says what
 * the link stops and asks for one press (a GET never unsubscribes, so mail scanners that open
 * links change nothing); mail clients unsubscribe in one click through the RFC 8058
 * `List-Unsubscribe-Post` header instead.
 */
export default function UnsubscribePage({ token }: { token: string }) {
  const { data, error, busy, confirm } = useTokenLink(
    token,
    unsubscribeByToken,
    (locale) => unsubscribeMessages.in(locale).get().invalidLink,
  )
  const locale = useLocale()
  const t = useMessages(unsubscribeMessages)
  const common = useMessages(accountPageMessages)

  return (
    <AccountPage name="unsubscribe" title={t.title}>
      <TokenLinkProblem error={error} loading={!data && common.loading} />
      {data?.done && (
        <p className={styles.successBox} role="status">
          {t.done({ mail: data.mail, scope: unsubscribeScope(data, locale) })}
        </p>
      )}
      {data && !data.done && (
        <>
          <p>{t.question({ scope: unsubscribeScope(data, locale), mail: data.mail })}</p>
          <button type="button" className={styles.primary} disabled={busy} onClick={() => void confirm()}>
            {t.title}
          </button>
        </>
      )}
      <p className={styles.links}>
        <a href="/subscribe">{t.manageAll}</a>
      </p>
    </AccountPage>
  )
}
