import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { Cloud, GlobalData } from '../../contract/global'
import { cloudHomePath } from '../../widgets/core/cloud'
import { $session } from '../../widgets/core/session'
import { resolveRoute, variantMainMenu } from '../menu'
import * as styles from '../shell.css'
import { CloudSelector, MobileCloudSelector } from './CloudSelector'
import { MainMenu } from './MainMenu'
import { ThemeSwitch } from './ThemeSwitch'
import { HeaderLanguage } from './HeaderLanguage'
import { LanguagePicker } from './LanguagePicker'
import { headerMessages } from './messages'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { menuLabel } from '../messages'
import { saveLocaleToAccount } from '../accounts/locale-setting'
import { UserMenu } from './UserMenu'
import { HeaderTimezone } from '../timezone/HeaderTimezone'
import { TimezonePicker } from '../timezone/TimezonePicker'

/** Props of {@link Header}. */
export interface HeaderProps {
  global: GlobalData
  cloud: Cloud | null
  currentPath: string
  onSelectCloud: (cloud: Cloud) => void
}

function Logo({ cloud, vendor }: { cloud: Cloud | null; vendor: string }) {
  const t = useMessages(headerMessages)
  const named = vendor.trim() !== ''
  return (
    <a className={styles.logo} href={cloud ? cloudHomePath(cloud) : '/'} aria-label={named ? t.home({ vendor }) : t.homeUnnamed}>
      <svg className={styles.logoMark} viewBox="0 0 32 32" aria-hidden="true">
        <path d="M16 2 4 7v8c0 7.2 5.1 13.6 12 15 6.9-1.4 12-7.8 12-15V7L16 2z" fill="#4da3ff" />
        <path d="m10 16 4 4 8-8" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={styles.logoText}>{named ? t.brand({ vendor }) : t.brandUnnamed}</span>
    </a>
  )
}

/** User menu while signed out (docs/requirements/screens.md): Sign In and a Subscribe button; hidden in DR mode. */
function SignedOutMenu({ isTrustDR }: { isTrustDR: boolean }) {
  const t = useMessages(headerMessages)
  if (isTrustDR) return null
  return (
    <>
      <a className={styles.topLink} href="/sign-in">
        {t.signIn}
      </a>
      <a className={styles.subscribeButton} href="/subscribe">
        {t.subscribe}
      </a>
    </>
  )
}

/** The user menu (docs/requirements/screens.md): signed out or signed in; nothing in DR mode. */
function AccountMenu({ isTrustDR }: { isTrustDR: boolean }) {
  const signedIn = useStore($session).isLoggedIn
  if (isTrustDR) return null
  return signedIn ? <UserMenu /> : <SignedOutMenu isTrustDR={false} />
}

/**
 * The site header (docs/requirements/screens.md#header-and-menus): logo to the cloud's home, cloud selector, top
 * menu (new tab; per-cloud routes with a `commercial` fallback), main menu and user menu. From 1200 px
 * the bar and the main menu each hold one row in every language; narrower, the menus fold behind a
 * Menu button and the selector becomes the product drawer (docs/languages-and-themes.md#the-header-on-one-row).
 */
export function Header({ global, cloud, currentPath, onSelectCloud }: HeaderProps) {
  const t = useMessages(headerMessages)
  const locale = useLocale()
  const [menuOpen, setMenuOpen] = useState(false)
  const topLinks = global.menu.top_menu.map((item) => (
    <a
      key={item.id}
      className={styles.topLink}
      href={resolveRoute(item.route, cloud?.machine_name)}
      target="_blank"
      rel="noopener noreferrer"
    >
      {menuLabel(item.item, locale)}
      <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t.newTab}</span>
    </a>
  ))
  const select = (c: Cloud) => {
    setMenuOpen(false)
    onSelectCloud(c)
  }
  return (
    <header className={styles.header}>
      <div className={styles.headerBar}>
        <Logo cloud={cloud} vendor={global.links.vendor} />
        <div className={styles.headerLinks}>
          <CloudSelector clouds={global.clouds} products={global.products} current={cloud} onSelect={select} />
          <nav aria-label={t.topMenu} className={styles.topMenu}>
            {topLinks}
          </nav>
          <HeaderLanguage />
          <HeaderTimezone />
          <ThemeSwitch />
          <AccountMenu isTrustDR={global.isTrustDR} />
        </div>
        <button
          type="button"
          className={styles.menuToggle}
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span aria-hidden="true">☰</span> {t.menu}
        </button>
      </div>
      <nav className={styles.nav} aria-label={t.mainMenu}>
        <div id="main-menu" className={`${styles.navInner} ${menuOpen ? styles.navOpen : ''}`}>
          <MainMenu items={variantMainMenu(global.menu.main_menu, global)} cloud={cloud} currentPath={currentPath} />
          {menuOpen && (
            <div className={styles.mobileExtras}>
              <MobileCloudSelector clouds={global.clouds} products={global.products} current={cloud} onSelect={select} />
              <LanguagePicker place="menu" onChoose={saveLocaleToAccount} />
              <TimezonePicker place="menu" />
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
                {topLinks}
                <ThemeSwitch />
                <AccountMenu isTrustDR={global.isTrustDR} />
              </div>
            </div>
          )}
        </div>
      </nav>
    </header>
  )
}
