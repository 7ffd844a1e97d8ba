import type { Cloud } from '../../contract/global'
import { Faq } from '../../widgets/faq/Faq'
import { useMessages } from '../../widgets/core/i18n/react'
import * as styles from '../shell.css'
import { faqPageMessages } from './content/messages'

/**
 * FAQ page (spec §2 FAQ): the `<trust-faq>` widget's React component for the chosen cloud.
 * Deep links (`/faq#how-to-manage-your-subscription`) open their question after 1 s (spec §9).
 */
export default function FaqPage({ cloud }: { cloud: Cloud }) {
  const t = useMessages(faqPageMessages)
  return (
    <section aria-labelledby="faq-title">
      <h1 className={styles.pageTitle} id="faq-title">
        {t.title}
      </h1>
      <Faq key={cloud.machine_name} cloud={cloud.machine_name} />
    </section>
  )
}
