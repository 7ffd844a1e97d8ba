import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { Cloud } from '../../contract/global'
import { useMessages } from '../../widgets/core/i18n/react'
import { $session } from '../../widgets/core/session'
import { Records } from '../../widgets/records/Records'
import { $router } from '../routes'
import * as styles from '../shell.css'
import * as css from './advisories/advisories.css'
import { advisoryMessages } from './advisories/messages'
import { type ListSearch, listSearchString, readListSearch } from './advisories/model'
import { AdvisoryFilters, AdvisoryRowFacts } from './advisories/parts'

/**
 * The Security Advisories page (docs/requirements/screens.md; docs/operating/security-advisories.md#the-public-pages):
 * the record list of advisories with, on each row, its rating, advisory id and CVE ids; a minimum
 * CVSS rating filter and a search that finds a CVE id or words (both kept in the address,
 * `?rating=High&q=CVE-…`, so a search can be shared); and a link to the VEX page.
 */
export default function AdvisoriesPage({ cloud }: { cloud: Cloud }) {
  const { timezone } = useStore($session)
  const t = useMessages(advisoryMessages)
  const page = useStore($router)
  const [search, setSearch] = useState<ListSearch>(() => readListSearch(page?.search ?? {}))
  const change = (next: ListSearch) => {
    setSearch(next)
    history.replaceState(history.state, '', `${location.pathname}${listSearchString(next)}`)
  }
  return (
    <div className={styles.recordsPage}>
      <Records
        key={cloud.machine_name}
        type="advisory"
        cloud={cloud.machine_name}
        cloudDomain={cloud.domain}
        timezone={timezone}
        headingLevel={1}
        query={{ rating: search.rating || undefined, q: search.q || undefined }}
        toolbar={
          <>
            <AdvisoryFilters value={search} onChange={change} />
            <a href={`/${cloud.domain}/vex`} className={css.note} data-testid="vex-page-link">
              {t.vexLink}
            </a>
          </>
        }
        row={(record) => <AdvisoryRowFacts record={record} />}
      />
    </div>
  )
}
