import { Compliance } from '../../widgets/compliance/Compliance'
import type { Cloud } from '../../contract/global'
import { useMessages } from '../../widgets/core/i18n/react'
import { compliancePageMessages } from './content/messages'
import { TitledPage } from './TitledPage'

/** Compliance page (docs/requirements/screens.md#compliance): the `<trust-compliance>` widget's React component for the chosen cloud. */
export default function CompliancePage({ cloud }: { cloud: Cloud }) {
  const t = useMessages(compliancePageMessages)
  return (
    <TitledPage name="compliance" title={t.title}>
      <Compliance key={cloud.machine_name} cloud={cloud.machine_name} />
    </TitledPage>
  )
}
