import { useMessages } from '../../widgets/core/i18n/react'
import { shellMessages } from '../messages'
import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { fieldValue, isPrivileged } from '../accounts/account'
import { PRIVILEGED_ROLES } from '../../contract/constants'
import { $session } from '../../widgets/core/session'
import * as styles from '../accounts/accounts.css'
import { signOutAndLeave } from '../accounts/actions'
import * as shell from '../shell.css'

/** The menu's items, in order. */
const menuItems = (root: HTMLElement | null) => Array.from(root?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])

/**
 * The signed-in user menu (spec §2 Header and menus, §6): a disclosure button headed by the
 * user's mail; Admin (privileged roles only, new tab), Subscriptions, Settings and Sign Out.
 * It follows the WAI-ARIA menu-button pattern: opening (click, Enter, Space, ArrowDown) focuses
 * the first item, ArrowUp/ArrowDown/Home/End move between items, Escape closes it and returns
 * focus to the button, Tab or a click outside closes it.
 */
export function UserMenu() {
  const t = useMessages(shellMessages)
  const session = useStore($session)
  const [open, setOpen] = useState(false)
  const wrap = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const listId = useId()
  const user = session.apiData?.user
  const mail = user ? String(fieldValue(user.mail, '')) : ''
  const uid = user ? String(fieldValue(user.uid, '')) : ''

  useEffect(() => {
    if (!open) return
    menuItems(wrap.current)[0]?.focus()
  }, [open])

  useEffect(() => {
    if (!open) return
    const away = (event: Event) => {
      if (wrap.current && !wrap.current.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', away)
    document.addEventListener('focusin', away)
    return () => {
      document.removeEventListener('mousedown', away)
      document.removeEventListener('focusin', away)
    }
  }, [open])

  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) {
      if (event.key === 'ArrowDown' && event.target === button.current) {
        event.preventDefault()
        setOpen(true)
      }
      return
    }
    if (event.key === 'Escape') {
      event.preventDefault()
      setOpen(false)
      button.current?.focus()
      return
    }
    if (event.key === 'Tab') {
      setOpen(false)
      return
    }
    const list = menuItems(wrap.current)
    if (!list.length) return
    const at = list.indexOf(document.activeElement as HTMLElement)
    let next: number
    if (event.key === 'ArrowDown') next = (at + 1) % list.length
    else if (event.key === 'ArrowUp') next = (at <= 0 ? list.length : at) - 1
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = list.length - 1
    else return
    event.preventDefault()
    list[next]?.focus()
  }
  const close = () => setOpen(false)

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: catches the keys bubbling from the menu button and its items, which are the focusable controls
    <div className={styles.userMenu} ref={wrap} onKeyDown={onKeyDown} data-testid="user-menu">
      <button
        ref={button}
        type="button"
        className={shell.headerButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <span>{mail || t.account}</span>
        <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
          <path d="M1 3l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA menu-button pattern; ARIA in HTML allows role=menu on ul */}
      <ul id={listId} className={styles.userMenuList} hidden={!open} role="menu" aria-label={t.userMenu}>
        {isPrivileged(session.apiData?.roles, PRIVILEGED_ROLES) && (
          <li role="none">
            <a
              className={styles.userMenuItem}
              role="menuitem"
              tabIndex={-1}
              href="/admin/dashboard"
              target="_blank"
              rel="noopener noreferrer"
              onClick={close}
            >
              {t.admin}
              <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t.newTab}</span>
            </a>
          </li>
        )}
        <li role="none">
          <a className={styles.userMenuItem} role="menuitem" tabIndex={-1} href="/subscribe" onClick={close}>
            {t.subscriptions}
          </a>
        </li>
        <li role="none">
          <a
            className={styles.userMenuItem}
            role="menuitem"
            tabIndex={-1}
            href={uid ? `/user/${encodeURIComponent(uid)}/edit` : '/account-settings'}
            onClick={close}
          >
            {t.settings}
          </a>
        </li>
        <li role="none">
          <button
            type="button"
            className={styles.userMenuItem}
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              close()
              void signOutAndLeave()
            }}
          >
            {t.signOut}
          </button>
        </li>
      </ul>
    </div>
  )
}
