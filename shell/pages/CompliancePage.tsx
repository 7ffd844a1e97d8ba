import { Compliance } from '../../widgets/compliance/Compliance'
import type { Cloud } from '../../contract/global'
import { useMessages } from '../../widgets/core/i18n/react'
import * as styles from '../shell.css'
import { compliancePageMessages } from './content/messages'

/** Compliance page (spec §2 Compliance): the `<trust-compliance>` widget's React component for the chosen cloud. */
export default function CompliancePage({ cloud }: { cloud: Cloud }) {
  const t = useMessages(compliancePageMessages)
  return (
    <section aria-labelledby="compliance-title">
      <h1 className={styles.pageTitle} id="compliance-title">
        {t.title}
      </h1>
      <Compliance key={cloud.machine_name} cloud={cloud.machine_name} />
    </section>
  )
}
