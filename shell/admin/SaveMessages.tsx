import type { ReactNode } from 'react'
import { useMessages } from '../../widgets/core/i18n/react'
import * as forms from '../accounts/accounts.css'
import * as styles from './admin.css'
import { adminMessages } from './messages'
import type { SaveState } from './save'

/**
 * What a console form says after a save: the server's refusals as a list (role="alert"), the
 * stale-catalogue sentence with a Reload button, any other failure, or "Saved." (role="status";
 * the catalogue's new revision is the next save's business, not the operator's: it is not shown).
 *
 * @param onReload shown as Reload on a stale save
 */
export function SaveMessages({ state, onReload }: { state: SaveState; onReload?: () => void }) {
  const t = useMessages(adminMessages)
  switch (state.kind) {
    case 'invalid':
      return (
        <div className={forms.errorBox} role="alert" data-testid="save-errors">
          <p className={styles.messages}>{t.notSavedCorrect}</p>
          <ul>
            {state.messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )
    case 'stale':
      return (
        <div className={forms.errorBox} role="alert" data-testid="save-stale">
          <p className={styles.messages}>{t.stale}</p>
          {onReload && (
            <button type="button" className={styles.small} onClick={onReload}>
              {t.reload}
            </button>
          )}
        </div>
      )
    case 'failed':
      return (
        <div className={forms.errorBox} role="alert" data-testid="save-failed">
          {t.notSaved({ message: state.message })}
        </div>
      )
    case 'saved':
      return (
        <div className={forms.successBox} role="status" data-testid="save-status">
          {t.saved}
          {state.message ? ` ${state.message}` : ''}
        </div>
      )
    case 'saving':
      return (
        <p role="status" className={styles.note}>
          {t.saving}
        </p>
      )
    default:
      return null
  }
}

/** Props of {@link SaveBar}. */
export interface SaveBarProps {
  /** What to say ({@link SaveMessages}); none where the form says it elsewhere. */
  state?: SaveState
  onReload?: () => void
  /** While true the submit button says it is unavailable (`aria-disabled`). */
  saving: boolean
  /** The submit button's text. */
  label: ReactNode
  /** Other buttons and links beside it (Discard, Close, Back). */
  children?: ReactNode
}

/**
 * The foot of a console form (docs/operating/console-and-desk.md): what the last save said and
 * the row of actions, the submit button first.
 */
export function SaveBar({ state, onReload, saving, label, children }: SaveBarProps) {
  return (
    <>
      {state && <SaveMessages state={state} onReload={onReload} />}
      <p className={styles.actions}>
        <button type="submit" className={forms.primary} aria-disabled={saving || undefined}>
          {label}
        </button>
        {children}
      </p>
    </>
  )
}
