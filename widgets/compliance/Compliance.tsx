import { trimBase } from '../../contract/links'
import type { HostProps } from '../core/element'
import { useLocale, useMessages } from '../core/i18n/react'
import { useResource, useWidgetContext } from '../core/react'
import { safeHtml } from '../core/safe-html'
import { LoadState } from '../core/ui'
import { fetchCompliance } from './api'
import * as styles from './compliance.css'
import { complianceMessages } from './messages'
import { formatApprovalDate } from './model'

/** Props of {@link Compliance}. */
export interface ComplianceProps {
  /** Cloud machine name (or domain). */
  cloud: string
  /** Origin of the API on foreign pages. @default '' (same origin) */
  apiBase?: string
}

/**
 * The Compliance page's content (docs/requirements/screens.md#compliance, docs/requirements/errors.md): the cloud's top HTML, then a table of
 * descriptions and estimated approval dates (`15 Mar 2027`), or 'No rows'. HTML goes through
 * {@link safeHtml}. Loading and error-with-Retry states like every widget.
 */
export function Compliance({ cloud, apiBase = '' }: ComplianceProps) {
  const t = useMessages(complianceMessages)
  const locale = useLocale()
  const state = useResource((signal) => fetchCompliance(cloud, { apiBase, signal }), [cloud, apiBase])
  return (
    <div className={styles.root} data-testid="compliance">
      <LoadState state={state} loadingLabel={t.loading}>
        {(data) => (
          <>
            {data.page_top && (
              <div className={styles.top} part="top" data-testid="compliance-top">
                {safeHtml(data.page_top)}
              </div>
            )}
            {data.page_content.length === 0 ? (
              <p className={styles.empty} role="status" data-testid="compliance-empty">
                {t.empty}
              </p>
            ) : (
              <div className={styles.tableWrap}>
                <table className={styles.table} part="table" data-testid="compliance-table">
                  <caption className={styles.caption}>{t.caption}</caption>
                  <thead>
                    <tr>
                      <th scope="col" className={styles.th}>
                        {t.description}
                      </th>
                      <th scope="col" className={styles.dateHead}>
                        {t.date}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.page_content.map((row, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id and may repeat; the table is display-only, in the API's order
                      <tr key={i} data-testid="compliance-row">
                        <td className={styles.td}>{safeHtml(row.description)}</td>
                        <td className={styles.dateCell} data-date={row.date}>
                          {formatApprovalDate(row.date, locale)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </LoadState>
    </div>
  )
}

/** Props of {@link ComplianceWidget} (and attributes of `<trust-compliance>`). */
export interface ComplianceWidgetProps extends HostProps {
  /** Cloud machine name or domain; the page's chosen cloud when absent. */
  cloud?: string
  apiBase?: string
}

/** `<trust-compliance>`'s component: resolves the cloud, then renders {@link Compliance}. */
export function ComplianceWidget({ cloud, apiBase = '' }: ComplianceWidgetProps) {
  const t = useMessages(complianceMessages)
  const ctx = useWidgetContext(cloud, apiBase)
  if (!ctx.key) {
    return (
      <div className={styles.root} data-testid="compliance">
        <LoadState state={{ status: 'loading', reload() {} }} loadingLabel={t.loading}>
          {() => null}
        </LoadState>
      </div>
    )
  }
  return <Compliance cloud={ctx.cloud!} apiBase={trimBase(apiBase)} />
}
