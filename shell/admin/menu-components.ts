import { DEFAULT_LOCALE, type Locale } from '../../contract/locale'
import { MENU_COMPONENTS, type MenuComponent, type PageComponentName } from '../../contract/menu-components'
import type { PageComponent } from '../routes'
import { adminComponentMessages } from './forms/messages'

/**
 * The menu form's list of components (docs/operating/catalogue.md): every name of `MENU_COMPONENTS`
 * (`contract/menu-components.ts`, the one list the import checks too) with what it opens, in the
 * page's language. Pure: unit-tested without rendering.
 */

type Description = Exclude<keyof typeof adminComponentMessages.base, 'option'>

/** What each component opens: its message. A new component in the contract needs one here. */
const DESCRIPTIONS: Readonly<Record<MenuComponent, Description>> = {
  '': 'none',
  home: 'home',
  'cloud-status': 'cloudStatus',
  incidents: 'incidents',
  maintenance: 'maintenance',
  'security-advisories': 'securityAdvisories',
  notifications: 'notifications',
  'dc-map': 'dcMap',
  faq: 'faq',
  compliance: 'compliance',
  external: 'external',
  'status-vulnerability-management': 'statusVulnerabilityManagement',
  'status-zero-trust-branch': 'statusZeroTrustBranch',
}

// Every page component of the contract is a page the shell renders (a compile-time check).
type NotRendered = Exclude<PageComponentName, PageComponent>
export const EVERY_PAGE_RENDERED: [NotRendered] extends [never] ? true : never = true

/** One choice of the component select. */
export interface ComponentChoice {
  value: string
  label: string
}

/**
 * The component choices in `locale`, in the contract's order: `Home page: the cloud's banner and
 * links (home)`; the empty name is described without a name. A `current` value that is no
 * component (a catalogue written before the list) comes first, so the select shows it until the
 * operator picks one; the server refuses it on save.
 */
export function componentChoices(locale: Locale = DEFAULT_LOCALE, current = ''): ComponentChoice[] {
  const t = adminComponentMessages.in(locale).get()
  const choices = MENU_COMPONENTS.map((name) => ({
    value: name,
    label: name === '' ? t.none : t.option({ description: t[DESCRIPTIONS[name]], name }),
  }))
  return (MENU_COMPONENTS as readonly string[]).includes(current) ? choices : [{ value: current, label: current }, ...choices]
}
