import type { Cloud } from '../../contract/global'
import { Faq } from '../../widgets/faq/Faq'
import * as styles from '../shell.css'

/**
 * FAQ page (spec §2 FAQ): the `<trust-faq>` widget's React component for the chosen cloud.
 * Deep links (`/faq#how-to-manage-your-subscription`) open their question after 1 s (spec §9).
 */
export default function FaqPage({ cloud }: { cloud: Cloud }) {
  return (
    <section aria-labelledby="faq-title">
      <h1 className={styles.pageTitle} id="faq-title">
        Frequently Asked Questions
      </h1>
      <Faq key={cloud.machine_name} cloud={cloud.machine_name} />
    </section>
  )
}
