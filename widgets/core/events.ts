import { trimBase } from '../../contract/links'
import { TrustEvent } from './element'

/** Detail of {@link SignInRequiredEvent}. */
export interface SignInRequiredDetail {
  reason: 'subscribe'
  /**
   * Term id of the service or data center whose star was pressed; absent when the subscriptions
   * page itself needs a signed-in visitor.
   */
  tid?: number
}

/**
 * `trust-sign-in-required` (bubbles, composed, cancelable): a signed-out visitor pressed a
 * subscribe star or opened the subscriptions page (docs/requirements/states.md#subscribe-star, docs/requirements/roles.md). When nobody calls
 * `preventDefault()`, the widget goes to `{api-base}/sign-in?subscribe=1` itself. Lives in core
 * so every widget raising it shares one class without bundling another widget.
 */
export class SignInRequiredEvent extends TrustEvent<SignInRequiredDetail> {
  constructor(detail: SignInRequiredDetail) {
    super('trust-sign-in-required', detail, { cancelable: true })
  }
}

/** Where a signed-out visitor is sent by {@link SignInRequiredEvent}'s default action. */
export function signInPath(apiBase = ''): string {
  return `${trimBase(apiBase)}/sign-in?subscribe=1`
}
