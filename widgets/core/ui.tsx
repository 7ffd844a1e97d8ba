import type { ReactNode } from 'react'
import type { Locale } from '../../contract/locale'
import { useLocale } from './i18n/react'
import { coreMessages } from './messages'
import { errorMessage, type ResourceState } from './resource'
import * as styles from './ui.css'

/** Props of {@link LoadState}. */
export interface LoadStateProps<T> {
  state: ResourceState<T> & { reload: () => void }
  /** What the loading state says. @default 'Loading…' in the widget's language */
  loadingLabel?: string
  /** Renders the data once it is there. */
  children: (data: T) => ReactNode
}

/**
 * The three states of a loaded widget: a polite loading line, an error alert with a Retry
 * button (never a blank block; docs/requirements/errors.md), or the content. While reloading, the previous data
 * stays on screen.
 */
export function LoadState<T>(props: LoadStateProps<T>) {
  return loadStateView(props, useLocale())
}

/**
 * What {@link LoadState} renders, in `locale`, for a component that calls no hook (the
 * speedometer's class components, whose drop-in carries no Preact hooks).
 */
export function loadStateView<T>({ state, loadingLabel, children }: LoadStateProps<T>, locale: Locale): ReactNode {
  const t = coreMessages.in(locale).get()
  if (state.status === 'error') {
    return (
      <div className={styles.error} role="alert">
        <span>{t.loadFailed({ error: locale === 'en' ? state.error : errorMessage(state.cause ?? state.error, locale) })}</span>
        <button type="button" className={styles.retry} onClick={state.reload}>
          {t.retry}
        </button>
      </div>
    )
  }
  if (state.data === undefined) {
    return (
      <div className={styles.loading} role="status" aria-live="polite">
        {loadingLabel ?? t.loading}
      </div>
    )
  }
  return <>{children(state.data)}</>
}
