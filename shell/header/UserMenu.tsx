import { useMessages } from '../../widgets/core/i18n/react'
import { shellMessages } from '../messages'
import { useStore } from '@nanostores/react'
import { useClick, useDismiss, useFloating, useInteractions, useRole } from '@floating-ui/react'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { fieldValue, isPrivileged } from '../accounts/account'
import { PRIVILEGED_ROLES } from '../../contract/constants'
import { $session } from '../../widgets/core/session'
import * as styles from '../accounts/accounts.css'
import { signOutAndLeave } from '../accounts/actions'
import * as shell from '../shell.css'
import { useLateReference } from './use-hover-popup'

/** The menu's items, in order. */
const menuItems = (root: HTMLElement | null) => Array.from(root?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])

/** The keys that move the focus among the items: to the item at the returned index of `count`, from `at`. */
const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowDown: (at, count) => (at + 1) % count,
  ArrowUp: (at, count) => (at <= 0 ? count : at) - 1,
  Home: () => 0,
  End: (_at, count) => count - 1,
}

/**
 * The signed-in user menu (docs/requirements/screens.md, header and menus): a disclosure button
 * headed by the user's mail; Admin (privileged roles only, new tab), Subscriptions, Settings and
 * Sign Out. It follows the WAI-ARIA menu-button pattern: opening (click, Enter, Space, ArrowDown)
 * focuses the first item, ArrowUp/ArrowDown/Home/End move between items and wrap, Escape closes
 * it and returns focus to the button, Tab or a press outside closes it.
 *
 * Opening, closing, Escape and outside presses are @floating-ui/react's `useClick`, `useDismiss`
 * and `useRole` (already in the shell's first load for the cloud selector and the main menu); the
 * four moving keys are the `MOVES` table: `useListNavigation` would add about 3.3 KB gzip to the
 * shell's first load (docs/decisions/0078-timeline-popover-and-dialog.md).
 */
export function UserMenu() {
  const t = useMessages(shellMessages)
  const session = useStore($session)
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement | null>(null)
  const list = useRef<HTMLUListElement | null>(null)
  const { refs, context } = useFloating({
    open,
    onOpenChange(next, _event, reason) {
      setOpen(next)
      if (!next && reason === 'escape-key') button.current?.focus()
    },
  })
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'menu' }),
  ])
  const reference = useLateReference(refs.setReference, open)
  useEffect(() => {
    if (open) menuItems(list.current)[0]?.focus()
  }, [open])
  const onMenuKey = (event: KeyboardEvent) => {
    if (event.key === 'Tab') setOpen(false)
    const move = MOVES[event.key]
    const all = menuItems(list.current)
    if (!move || !all.length) return
    event.preventDefault()
    all[move(all.indexOf(document.activeElement as HTMLElement), all.length)]?.focus()
  }
  const user = session.apiData?.user
  const mail = user ? String(fieldValue(user.mail, '')) : ''
  const uid = user ? String(fieldValue(user.uid, '')) : ''
  const close = () => setOpen(false)
  /** An item's props: out of the Tab order (the keys move among the items), closing the menu on a press, then `onPress`. */
  const item = (onPress?: () => void) => ({
    className: styles.userMenuItem,
    role: 'menuitem',
    tabIndex: -1,
    onClick() {
      close()
      onPress?.()
    },
  })

  const privileged = isPrivileged(session.apiData?.roles, PRIVILEGED_ROLES)

  return (
    <div className={styles.userMenu} data-testid="user-menu">
      <button
        ref={(el) => {
          button.current = el
          reference(el)
        }}
        type="button"
        className={shell.headerButton}
        {...getReferenceProps({
          onKeyDown(event) {
            if (event.key !== 'ArrowDown' || open) return
            event.preventDefault()
            setOpen(true)
          },
        })}
        aria-controls={context.floatingId}
      >
        {/* A long address is cut on the bar (its whole text stays the button's name and tooltip). */}
        <span className={shell.buttonText} title={mail || undefined}>
          {mail || t.account}
        </span>
        <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
          <path d="M1 3l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <ul
        ref={(el) => {
          list.current = el
          refs.setFloating(el)
        }}
        className={styles.userMenuList}
        hidden={!open}
        aria-label={t.userMenu}
        {...getFloatingProps({ onKeyDown: onMenuKey })}
        id={context.floatingId}
      >
        {privileged && (
          <li role="none">
            <a {...item()} href="/admin/dashboard" target="_blank" rel="noopener noreferrer">
              {t.admin}
              <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t.newTab}</span>
            </a>
          </li>
        )}
        <li role="none">
          <a {...item()} href="/subscribe">
            {t.subscriptions}
          </a>
        </li>
        <li role="none">
          <a {...item()} href={uid ? `/user/${encodeURIComponent(uid)}/edit` : '/account-settings'}>
            {t.settings}
          </a>
        </li>
        <li role="none">
          <button type="button" {...item(() => void signOutAndLeave())}>
            {t.signOut}
          </button>
        </li>
      </ul>
    </div>
  )
}
