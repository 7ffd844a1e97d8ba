import { FloatingFocusManager } from '@floating-ui/react'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { menuLabel, shellMessages } from '../messages'
import type { Cloud, MenuItem } from '../../contract/global'
import { isExternal, menuHref, visibleItems } from '../menu'
import * as styles from '../shell.css'
import { useHoverPopup } from './use-hover-popup'

/** How long a sub-menu stays after the pointer leaves its item and itself, ms. */
const SUB_MENU_CLOSE_DELAY_MS = 300

/** A menu entry's link: an external one opens in a new tab and says so (also used by the notifications page). */
export function MenuLink({
  item,
  cloud,
  currentPath,
  className,
  onClick,
}: {
  item: MenuItem
  cloud: Cloud | null
  currentPath: string
  className: string
  onClick?: () => void
}) {
  const href = menuHref(item, cloud)
  const external = isExternal(href)
  const t = useMessages(shellMessages)
  const locale = useLocale()
  return (
    <a
      className={className}
      href={href}
      aria-current={!external && href === currentPath ? 'page' : undefined}
      onClick={onClick}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {menuLabel(item.item, locale)}
      {external && <span aria-hidden="true"> ↗</span>}
      {external && <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t.newTab}</span>}
    </a>
  )
}

function SubMenu({ item, cloud, currentPath }: { item: MenuItem; cloud: Cloud | null; currentPath: string }) {
  const { open, setOpen, refs, reference, floatingStyles, context, getReferenceProps, getFloatingProps } = useHoverPopup({
    closeDelay: SUB_MENU_CLOSE_DELAY_MS,
    gap: 2,
  })
  // The dropdown's own page (the Notifications page) marks it current too.
  const active = [item, ...item.sub_menus].some((s) => menuHref(s, cloud) === currentPath)
  const locale = useLocale()
  return (
    <li>
      <button
        type="button"
        ref={reference}
        className={styles.navLink}
        aria-expanded={open}
        aria-current={active ? 'page' : undefined}
        {...getReferenceProps()}
      >
        {menuLabel(item.item, locale)} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <FloatingFocusManager context={context} modal={false} initialFocus={-1}>
          <ul ref={refs.setFloating} style={floatingStyles} className={styles.subMenu} {...getFloatingProps()}>
            {item.sub_menus.map((sub) => (
              <li key={sub.id}>
                <MenuLink item={sub} cloud={cloud} currentPath={currentPath} className={styles.subLink} onClick={() => setOpen(false)} />
              </li>
            ))}
          </ul>
        </FloatingFocusManager>
      )}
    </li>
  )
}

/**
 * The main menu (docs/requirements/screens.md#header-and-menus): items hidden for the cloud are skipped, sub-menus
 * open as dropdowns (hover with a pointer, click or Enter by keyboard), deep-linked items point
 * under the cloud's domain prefix.
 */
export function MainMenu({ items, cloud, currentPath }: { items: MenuItem[]; cloud: Cloud | null; currentPath: string }) {
  return (
    <ul className={styles.navList}>
      {visibleItems(items, cloud).map((item) =>
        item.sub_menus.length > 0 ? (
          <SubMenu key={item.id} item={item} cloud={cloud} currentPath={currentPath} />
        ) : (
          <li key={item.id}>
            <MenuLink item={item} cloud={cloud} currentPath={currentPath} className={styles.navLink} />
          </li>
        ),
      )}
    </ul>
  )
}
