import type { FormEvent, ReactNode } from 'react'
import * as shell from '../shell.css'
import * as styles from './admin.css'
import * as desk from './desk/desk.css'
import { SaveBar } from './SaveMessages'

/**
 * A screen of the console (docs/operating/console-and-desk.md): a section named by its page
 * heading, `#admin-title`, which the console focuses after each navigation.
 */
export function ConsoleScreen({
  testId,
  title,
  back,
  children,
}: {
  testId: string
  title: ReactNode
  /** A link back above the heading ("← Desk"). */
  back?: { href: string; label: string }
  children?: ReactNode
}) {
  return (
    <section aria-labelledby="admin-title" data-testid={testId}>
      {back && (
        <p className={styles.subNav}>
          <a href={back.href}>
            <span className={desk.back}>←</span> {back.label}
          </a>
        </p>
      )}
      <h1 className={shell.pageTitle} id="admin-title">
        {title}
      </h1>
      {children}
    </section>
  )
}

/** Props of {@link ListSection}. */
export interface ListSectionProps {
  /** The heading's id, and the section's test id unless `testId` says otherwise (`false`: none). */
  id: string
  testId?: string | false
  title: ReactNode
  /** Why the list is not shown (`LoadProblem`), above everything else. */
  problem?: ReactNode
  /** The note of an empty list; `false` (or nothing) while the list has entries. */
  empty?: ReactNode
  /** The list (a `DataTable`, an ordered list) and its controls. */
  children?: ReactNode
}

/** A list section of the console: its heading, why it is missing or that it is empty, and the list itself. */
export function ListSection({ id, testId = id, title, problem, empty, children }: ListSectionProps) {
  return (
    <section aria-labelledby={id} data-testid={testId || undefined}>
      <h2 className={styles.sectionTitle} id={id}>
        {title}
      </h2>
      {problem}
      {empty && <p className={styles.note}>{empty}</p>}
      {children}
    </section>
  )
}

/**
 * The form that adds an entry to a list section (a staff member, a third-party group): a panel
 * named by its heading, whose text is also its submit button's.
 * @param id the heading's id
 */
export function AddPanel({
  id,
  title,
  onSubmit,
  saving,
  children,
}: {
  id: string
  title: string
  onSubmit: (event: FormEvent) => void
  saving: boolean
  children: ReactNode
}) {
  return (
    <form className={styles.panel} onSubmit={onSubmit} noValidate aria-labelledby={id}>
      <h2 className={styles.subTitle} id={id}>
        {title}
      </h2>
      {children}
      <SaveBar saving={saving} label={title} />
    </form>
  )
}
