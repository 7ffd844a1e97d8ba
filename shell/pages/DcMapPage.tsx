import type { Cloud } from '../../contract/global'
import { useMessages } from '../../widgets/core/i18n/react'
import { DcMapWidget } from '../../widgets/dc-map/DcMap'
import * as styles from '../shell.css'
import './dc-map-page.css'
import { dcMapPageMessages } from './status/messages'

/**
 * Data Center Map page (docs/requirements/screens.md#data-center-map): the `<trust-dc-map>` widget's React component
 * for the chosen cloud. Loaded lazily so the map library is fetched only on this page.
 */
export default function DcMapPage({ cloud }: { cloud: Cloud }) {
  const t = useMessages(dcMapPageMessages)
  return (
    <section aria-labelledby="map-title" className={styles.dcMapPage}>
      <h1 className={styles.pageTitle} id="map-title">
        {t.title}
      </h1>
      <DcMapWidget cloud={cloud.machine_name} />
    </section>
  )
}
