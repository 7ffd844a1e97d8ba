import type { Cloud } from '../../contract/global'
import { Faq } from '../../widgets/faq/Faq'
import { useMessages } from '../../widgets/core/i18n/react'
import { faqPageMessages } from './content/messages'
import { TitledPage } from './TitledPage'

/**
 * FAQ page (docs/requirements/screens.md#faq): the `<trust-faq>` widget's React component for the chosen cloud.
 * Deep links (`/faq#how-to-manage-your-subscription`) open their question after 1 s (docs/requirements/constants.md).
 */
export default function FaqPage({ cloud }: { cloud: Cloud }) {
  const t = useMessages(faqPageMessages)
  return (
    <TitledPage name="faq" title={t.title}>
      <Faq key={cloud.machine_name} cloud={cloud.machine_name} />
    </TitledPage>
  )
}
