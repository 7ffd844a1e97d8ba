import type { ReactNode } from 'react'
import * as shell from '../shell.css'

/** Props of {@link TitledPage}. */
export interface TitledPageProps {
  /** The page's name: its heading's id is `{name}-title`. */
  name: string
  /** The section's `data-testid`, none without. */
  testId?: string
  title: ReactNode
  className?: string
  /** The current path, as `data-path` (the sign-in page). */
  path?: string
  children?: ReactNode
}

/** A page of the site (docs/requirements/screens.md): a section named by its one `h1`. */
export function TitledPage({ name, testId, title, className, path, children }: TitledPageProps) {
  return (
    <section className={className} aria-labelledby={`${name}-title`} data-testid={testId} data-path={path}>
      <h1 className={shell.pageTitle} id={`${name}-title`}>
        {title}
      </h1>
      {children}
    </section>
  )
}
