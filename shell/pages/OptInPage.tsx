import type { ApiAnswer } from '../../contract/common'
import type { OptInData } from '../../contract/subscribers'
import { useMessages } from '../../widgets/core/i18n/react'
import { dataOf, is, request } from '../../widgets/core/request'
import * as styles from '../accounts/accounts.css'
import { accountPageMessages, optInMessages } from './account/messages'
import { AccountPage, TokenLinkProblem } from './account/AccountPage'
import { useTokenLink } from './token-link'

function isOptInData(d: unknown): d is OptInData {
  return (
    is.object(d) &&
    is.string(d.mail) &&
    is.array(d.topics) &&
    d.topics.every(is.string) &&
    typeof d.done === 'boolean' &&
    is.array(d.subscribed) &&
    d.subscribed.every(is.string) &&
    typeof d.can_sign_in === 'boolean'
  )
}

/**
 * `GET` / `POST /api/opt-in/{token}` (contract `OptInData`): what the opt-in link of the
 * subscriber import's mail asks for, and confirming it. No session is needed; the token is the authority.
 *
 * @throws ApiError 404 `invalid_token`, a failed request or an answer of the wrong shape
 */
export async function optInByToken(token: string, method: 'GET' | 'POST'): Promise<OptInData> {
  const path = `/api/opt-in/${encodeURIComponent(token)}`
  return dataOf(await request<ApiAnswer<OptInData>>(path, method === 'POST' ? { method, body: {} } : {}), isOptInData)
}

/**
 * /opt-in/{token}: where the opt-in mail of a subscriber import leads (README "Subscriber import
 * and export"). It lists the topics the invitation asks for and subscribes only on a press of
 * Confirm (a GET never subscribes, so mail scanners that open links change nothing); then it
 * lists every subscription of the address, with the way to manage them.
 */
export default function OptInPage({ token }: { token: string }) {
  const { data, error, busy, confirm } = useTokenLink(token, optInByToken, (locale) => optInMessages.in(locale).get().invalidLink)
  const t = useMessages(optInMessages)
  const common = useMessages(accountPageMessages)

  const list = (names: readonly string[], testId: string) => (
    <ul data-testid={testId}>
      {names.map((name) => (
        <li key={name}>
          <bdi>{name}</bdi>
        </li>
      ))}
    </ul>
  )

  return (
    <AccountPage name="opt-in" title={t.title}>
      <TokenLinkProblem error={error} loading={!data && common.loading} />
      {data?.done && (
        <>
          <p className={styles.successBox} role="status">
            {t.done({ mail: data.mail })}
          </p>
          {list(data.subscribed, 'opt-in-subscribed')}
          <p className={styles.links}>
            <a href={data.can_sign_in ? '/sign-in?destination=%2Fsubscribe' : '/user/password'}>
              {data.can_sign_in ? t.signIn : t.choosePassword}
            </a>
          </p>
        </>
      )}
      {data && !data.done && (
        <>
          <p>{t.question({ mail: data.mail })}</p>
          {list(data.topics, 'opt-in-topics')}
          <button type="button" className={styles.primary} disabled={busy} onClick={() => void confirm()}>
            {t.confirm}
          </button>
          <p>{t.ignore}</p>
        </>
      )}
    </AccountPage>
  )
}
