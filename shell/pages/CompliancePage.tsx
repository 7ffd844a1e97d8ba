import { Compliance } from '../../widgets/compliance/Compliance'
import type { Cloud } from '../../contract/global'
import * as styles from '../shell.css'

/** Compliance page (spec §2 Compliance): the `<trust-compliance>` widget's React component for the chosen cloud. */
export default function CompliancePage({ cloud }: { cloud: Cloud }) {
  return (
    <section aria-labelledby="compliance-title">
      <h1 className={styles.pageTitle} id="compliance-title">
        Compliance
      </h1>
      <Compliance key={cloud.machine_name} cloud={cloud.machine_name} />
    </section>
  )
}
