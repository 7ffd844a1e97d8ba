import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import type { CatalogSection } from '../../contract/admin'
import { useMessages } from '../../widgets/core/i18n/react'
import { $session } from '../../widgets/core/session'
import { $router, signInPathFor } from '../routes'
import * as styles from './admin.css'
import { consoleAccess, SCREEN_PERMISSION, sessionPermissions } from './access'
import { AdminNav } from './AdminNav'
import { AlertRulesScreen } from './AlertRulesScreen'
import { ApiKeysScreen } from './ApiKeysScreen'
import { AuditScreen } from './AuditScreen'
import { CatalogScreen } from './CatalogScreen'
import { ComplianceScreen } from './ComplianceScreen'
import { Dashboard } from './Dashboard'
import { DeskScreen } from './desk/DeskScreen'
import { NewPostScreen } from './desk/NewPostScreen'
import { RecordScreen } from './desk/RecordScreen'
import { TemplatesScreen } from './desk/TemplatesScreen'
import { FaqScreen } from './FaqScreen'
import { interpolate } from './interpolate'
import { adminMessages } from './messages'
import type { AdminScreen } from './sections'
import { StaffScreen } from './StaffScreen'
import { ThirdPartyScreen } from './ThirdPartyScreen'
import { SubscribersScreen } from './SubscribersScreen'
import { ConsoleScreen } from './ConsoleScreen'
import { SecondFactorGate } from './SecondFactorGate'

/**
 * The admin console (issue "the operator's own site"), inside the site's header and footer and
 * loaded only on /admin paths: the navigation and one screen. Signed-out visitors are sent to
 * sign-in by the router (`shell/routes.ts`); here a session without a privileged role is told it
 * may not use the console, and each screen shows its form only when the roles grant its
 * permission (`contract/permissions.ts`; the server enforces it either way). A privileged session
 * that still owes its second factor sees the gate's screens first (`./SecondFactorGate.tsx`).
 *
 * @param screen an {@link AdminScreen}
 * @param section the catalogue section of a catalogue screen (`data_centers`)
 * @param id the record of the desk's record screen (`/admin/desk/{id}`) @default the router's
 * @param query the query string (the new post's `type` and `template`) @default the router's
 */
export default function AdminConsole({
  screen,
  section,
  id,
  query,
}: {
  screen: string
  section?: string
  id?: string
  query?: Readonly<Record<string, string>>
}) {
  const session = useStore($session)
  const page = useStore($router)
  const access = consoleAccess(session)
  const t = useMessages(adminMessages)

  if (access === 'signed-out') {
    const link = <a href={signInPathFor(typeof location === 'undefined' ? '/admin' : location.pathname)}>{t.signInLink}</a>
    return <p role="status">{interpolate(t.signInPrompt({ link: '{link}' }), { link })}</p>
  }
  if (access === 'loading') return <p role="status">{t.loadingAccount}</p>
  if (access === 'forbidden') {
    return (
      <ConsoleScreen testId="admin-forbidden" title={t.consoleTitle}>
        <p role="alert">{t.notAllowed}</p>
      </ConsoleScreen>
    )
  }

  const permissions = sessionPermissions(session)
  const current = screen as AdminScreen
  const permission = SCREEN_PERMISSION[current]
  const canEdit = permission ? permissions.has(permission) : false
  let view: ReactNode
  switch (current) {
    case 'catalog':
      view = <CatalogScreen section={section as CatalogSection} canEdit={canEdit} />
      break
    case 'faq':
      view = <FaqScreen canEdit={canEdit} />
      break
    case 'compliance':
      view = <ComplianceScreen canEdit={canEdit} />
      break
    case 'staff':
      view = <StaffScreen canEdit={canEdit} />
      break
    case 'alert-rules':
      view = <AlertRulesScreen canEdit={canEdit} />
      break
    case 'api-keys':
      view = <ApiKeysScreen canEdit={canEdit} />
      break
    case 'subscribers':
      view = <SubscribersScreen canEdit={canEdit} />
      break
    case 'audit':
      view = <AuditScreen />
      break
    case 'third-party':
      view = <ThirdPartyScreen canEdit={canEdit} />
      break
    case 'desk':
      view = <DeskScreen permissions={permissions} />
      break
    case 'desk-new': {
      const search = query ?? page?.search ?? {}
      view = <NewPostScreen key={JSON.stringify(search)} permissions={permissions} query={search} />
      break
    }
    case 'desk-record': {
      const record = id ?? (page?.params as { id?: string } | undefined)?.id ?? ''
      view = <RecordScreen key={record} id={record} permissions={permissions} />
      break
    }
    case 'templates':
      view = <TemplatesScreen permissions={permissions} />
      break
    default:
      view = <Dashboard canRetry={canEdit} />
  }

  return (
    <SecondFactorGate>
      <div className={styles.layout} data-testid="admin-console">
        <AdminNav screen={current} section={section as CatalogSection | undefined} permissions={permissions} />
        <div className={styles.screen}>{view}</div>
      </div>
    </SecondFactorGate>
  )
}
