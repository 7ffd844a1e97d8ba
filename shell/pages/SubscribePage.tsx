import { useStore } from '@nanostores/react'
import { useEffect, useRef } from 'react'
import type { Cloud } from '../../contract/global'
import { $session, isSignedIn } from '../../widgets/core/session'
import { SubscriptionsWidget, type SubscriptionsErrorEvent } from '../../widgets/subscriptions/Subscriptions'
import { $router } from '../routes'
import { WebhooksPanel } from '../webhooks/WebhooksPanel'

/**
 * /subscribe (docs/requirements/screens.md#subscriptions-page): the `<trust-subscriptions>` widget's React component,
 * the chosen cloud's tab first. A load error while signed in moves in-app to the cloud's default
 * page (docs/requirements/errors.md); a signed-out visitor never gets here (the route sends them to /sign-in).
 * Below it, the user's webhook and Slack endpoints ({@link WebhooksPanel}): the same events as
 * the emails the panel above chooses, so they are managed in the same place (docs/decisions/README.md#decisions-from-the-design-notes).
 */
export default function SubscribePage({ cloud }: { cloud: Cloud | null }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const onError = (event: Event) => {
      event.preventDefault()
      $router.open((event as SubscriptionsErrorEvent).detail.redirect)
    }
    el.addEventListener('trust-subscriptions-error', onError)
    return () => el.removeEventListener('trust-subscriptions-error', onError)
  }, [])
  const signedIn = useStore($session).isLoggedIn || isSignedIn()
  return (
    <div ref={ref}>
      <SubscriptionsWidget cloud={cloud?.machine_name ?? ''} />
      {signedIn && <WebhooksPanel />}
    </div>
  )
}
