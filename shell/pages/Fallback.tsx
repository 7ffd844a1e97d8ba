import type { Cloud } from '../../contract/global'
import { defaultPagePath } from '../../widgets/core/cloud'
import { useMessages } from '../../widgets/core/i18n/react'
import { fallbackMessages } from './content/messages'
import { TitledPage } from './TitledPage'

/** Whether the server rendered {@link Fallback} since the last {@link takeNotFound} (server only). */
let renderedOnServer = false

/**
 * Whether the page the server rendered since the last call is the fallback page, and forgets it
 * (`shell/server-render.tsx`: that page goes out with status 404).
 */
export function takeNotFound(): boolean {
  const rendered = renderedOnServer
  renderedOnServer = false
  return rendered
}

/** The fallback page for any path the site does not know (docs/requirements/screens.md#route-table), in the page's locale. */
export function Fallback({ cloud }: { cloud: Cloud | null }) {
  if (typeof window === 'undefined') renderedOnServer = true
  const t = useMessages(fallbackMessages)
  return (
    <TitledPage name="fallback" testId="fallback" title={t.title}>
      <p>{t.text}</p>
      <p>
        <a href={cloud ? defaultPagePath(cloud) : '/'}>{cloud ? t.home({ cloud: cloud.title }) : t.homeAny}</a>
      </p>
    </TitledPage>
  )
}
