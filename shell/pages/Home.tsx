import { useEffect, useMemo, useState } from 'react'
import type { BannerData, Cloud, SiteLinks } from '../../contract/global'
import { useMessages } from '../../widgets/core/i18n/react'
import { useResource } from '../../widgets/core/react'
import { LoadState } from '../../widgets/core/ui'
import * as styles from '../shell.css'
import { takeAnswer } from '../page-data'
import { bannerPath, fetchBanner } from './api'
import { OverallStatusLine } from '../../widgets/overall-status/OverallStatusLine'
import { loadScript } from './script'
import { homeMessages } from './status/messages'

/** The speedometer drop-in's script. */
const SPEEDOMETER_SCRIPT = '/widgets/speedometer.js'

/**
 * Home (docs/requirements/screens.md#home): the cloud banner, the speedometer drop-in widget with its three gauges,
 * and the continuity-policy note (when Settings link a policy).
 */
export function Home({ cloud, links }: { cloud: Cloud; links: SiteLinks }) {
  // A server-rendered page carries the banner it was rendered with: shown at once (and hydrated
  // as it is), then the first load takes it instead of asking the API again.
  const key = bannerPath(cloud.machine_name)
  const initial = useMemo(() => takeAnswer<BannerData>(key), [key])
  const loaded = useResource(
    (signal) => {
      const ready = takeAnswer<BannerData>(key, true)
      return ready ? Promise.resolve(ready) : fetchBanner(cloud.machine_name, signal)
    },
    [key],
  )
  const banner = loaded.status === 'loading' && !loaded.data && initial ? { ...loaded, status: 'ready' as const, data: initial } : loaded
  const [scriptFailed, setScriptFailed] = useState(false)
  useEffect(() => {
    loadScript(SPEEDOMETER_SCRIPT).catch(() => setScriptFailed(true))
  }, [])
  const t = useMessages(homeMessages)
  const [before, after] = t.note.split('{link}')
  return (
    <>
      <LoadState state={banner} loadingLabel={t.loading}>
        {(data) => (
          <section className={styles.banner} aria-labelledby="banner-title" data-testid="cloud-banner">
            {/* The operator's words, in whatever language they wrote them: each isolated (<bdi>) so it reads the
                right way round, while heading and text both align with the page's reading direction. */}
            <h1 className={styles.bannerTitle} id="banner-title">
              <bdi>{data.title}</bdi>
            </h1>
            <p className={styles.bannerText}>
              <bdi>{data.description}</bdi>
            </p>
          </section>
        )}
      </LoadState>
      <OverallStatusLine cloud={cloud.domain} />
      <h2 className={styles.sectionTitle}>{t.activity}</h2>
      {scriptFailed ? <p role="alert">{t.scriptFailed({ src: SPEEDOMETER_SCRIPT })}</p> : <trust-speedometer cloud={cloud.machine_name} />}
      {/* A site whose Settings name no continuity policy has no note to link it from. */}
      {links.continuity_policy && (
        <p className={styles.note}>
          {before}
          <a href={links.continuity_policy} target="_blank" rel="noopener noreferrer">
            {t.policy}
          </a>
          {after}
        </p>
      )}
    </>
  )
}
