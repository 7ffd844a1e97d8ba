import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import type { CloudStatusData, StatusIssue } from '../../contract/status'
import { useLocale, useMessages } from '../core/i18n/react'
import { safeHtml } from '../core/safe-html'
import { termName } from '../../contract/terms.js'
import * as styles from './cloud-status.css'
import { IssueTimes } from './IssueTimes'
import { cloudStatusMessages } from './messages'
import { barKind } from './model'

/** How long after the full-post modal opens its week is fetched again, ms (docs/requirements/constants.md). */
export const MODAL_REFRESH_DELAY_MS = 1500

/** Props of {@link IssueModal}. */
export interface IssueModalProps {
  issue: StatusIssue
  itemName: string
  severity: string
  timezone: string
  href: string
  /** Fetches the block's week again. */
  refresh: (signal: AbortSignal) => Promise<CloudStatusData>
  onRefreshed: (data: CloudStatusData) => void
  /** Closes the modal; the timeline returns the focus to the bar. */
  onClose: () => void
}

/** The issue with `id` in a week's answer, if it is still there. */
function findIssue(data: CloudStatusData, id: number): StatusIssue | undefined {
  for (const c of data.category) for (const i of c.subCategory) for (const issue of i.issues) if (issue.id === id) return issue
  return undefined
}

/**
 * The full-post modal (docs/requirements/screens.md, cloud status page): severity icon, title
 * linking to the record, Status, description (server HTML through the allow-list of `safeHtml`),
 * Started at, Ended at. A `<dialog>` shown with `showModal()`: the platform keeps the rest of the
 * page inert and Tab inside, and Escape (its `cancel` event), the Close button and a press on the
 * backdrop close it; the focus moves to the dialog and the timeline returns it to the bar.
 * {@link MODAL_REFRESH_DELAY_MS} after opening the week is fetched again so the modal shows the
 * latest status; closing aborts that request.
 */
export function IssueModal({ issue: initial, itemName, severity, timezone, href, refresh, onRefreshed, onClose }: IssueModalProps) {
  const [issue, setIssue] = useState(initial)
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const kind = barKind(issue.severityTid)
  const t = useMessages(cloudStatusMessages)
  const locale = useLocale()

  useLayoutEffect(() => {
    const dialog = ref.current!
    dialog.showModal()
    dialog.focus()
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: one refresh per opened issue, not again when the parent passes new callbacks
  useEffect(() => {
    const controller = new AbortController()
    const timer = setTimeout(() => {
      refresh(controller.signal)
        .then((data) => {
          if (controller.signal.aborted) return
          const latest = findIssue(data, initial.id)
          if (latest) setIssue(latest)
          onRefreshed(data)
        })
        .catch(() => {
          // The modal keeps what it shows; the timeline's own error state covers failed loads.
        })
    }, MODAL_REFRESH_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [initial.id])

  // Closed first (Escape closes it itself), so that the page is no longer inert when the timeline
  // focuses the bar.
  const close = () => {
    ref.current!.close()
    onClose()
  }

  return (
    // A press on the dialog itself, not its content, is on the backdrop (the content fills the dialog).
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      tabIndex={-1}
      className={styles.modal}
      data-testid="issue-modal"
      part="modal"
      onCancel={close}
      onMouseDown={(e) => e.target === e.currentTarget && close()}
    >
      <div className={styles.modalBody}>
        <h3 className={styles.modalTitle} id={titleId}>
          <span className={`${styles.modalIcon} ${styles.kind[kind]}`} aria-hidden="true" />
          <span className={styles.hidden}>{severity}: </span>
          <a href={href}>{issue.title}</a>
        </h3>
        <button type="button" className={styles.close} onClick={close} data-testid="modal-close">
          {t.close}
        </button>
        <p className={styles.popoverText}>
          <strong>{itemName}</strong>
        </p>
        <p className={styles.popoverText}>
          <strong>{t.status}</strong> <span data-testid="modal-status">{termName(issue.status, locale)}</span>
        </p>
        <div className={styles.body}>{safeHtml(issue.description)}</div>
        <IssueTimes issue={issue} timezone={timezone} modal />
      </div>
    </dialog>
  )
}
