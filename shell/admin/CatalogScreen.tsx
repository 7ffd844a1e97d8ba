import type { CatalogData, CatalogSection } from '../../contract/admin'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import * as styles from './admin.css'
import { notPermittedText } from './access'
import { fetchCatalog } from './api'
import { CLOUDS } from './forms/CloudForm'
import { DATA_CENTERS } from './forms/DataCenterForm'
import { MAIN_MENU, TOP_MENU } from './forms/MenuItemForm'
import { NOTIFICATION_CATEGORIES } from './forms/NotificationCategoryForm'
import { PRODUCTS } from './forms/ProductForm'
import { REGIONS } from './forms/RegionForm'
import { CORE_SERVICES } from './forms/ServiceForm'
import { SEVERITIES } from './forms/SeverityForm'
import { ListEditor } from './ListEditor'
import { LoadProblem } from './LoadProblem'
import { adminCatalogMessages, adminMessages, adminNavMessages } from './messages'
import { catalogPath, sectionName } from './sections'
import { SettingsEditor } from './SettingsEditor'
import { useLoad } from './use-load'
import { ConsoleScreen } from './ConsoleScreen'

interface EditorProps {
  section: CatalogSection
  title: string
  data: CatalogData
  canEdit: boolean
  onSaved: (data: CatalogData) => void
  onReload: () => void
}

/** The editor of one section (each list section with its own item form). */
function SectionEditor(props: EditorProps) {
  switch (props.section) {
    case 'products':
      return <ListEditor spec={PRODUCTS} {...props} />
    case 'clouds':
      return <ListEditor spec={CLOUDS} {...props} />
    case 'core_services':
      return <ListEditor spec={CORE_SERVICES} {...props} />
    case 'regions':
      return <ListEditor spec={REGIONS} {...props} />
    case 'data_centers':
      return <ListEditor spec={DATA_CENTERS} {...props} />
    case 'main_menu':
      return <ListEditor spec={MAIN_MENU} {...props} />
    case 'top_menu':
      return <ListEditor spec={TOP_MENU} {...props} />
    case 'severities':
      return <ListEditor spec={SEVERITIES} {...props} />
    case 'notification_categories':
      return <ListEditor spec={NOTIFICATION_CATEGORIES} {...props} />
    case 'settings':
      return <SettingsEditor {...props} />
  }
}

/**
 * A catalogue screen (`/admin/catalog/{section}`): loads the catalogue once for every section
 * (`GET /api/admin/catalog`) and shows the section's editor; the menus' screens link to each
 * other; the notification categories' says what they are for. Without the `catalog` permission it
 * says so and shows the section read-only.
 */
export function CatalogScreen({ section, canEdit }: { section: CatalogSection; canEdit: boolean }) {
  const catalog = useLoad(fetchCatalog)
  const t = useMessages(adminMessages)
  const nav = useMessages(adminNavMessages)
  const c = useMessages(adminCatalogMessages)
  const locale = useLocale()
  const title = sectionName(section, locale) ?? section
  const { state } = catalog
  const isMenu = section === 'main_menu' || section === 'top_menu'

  return (
    <ConsoleScreen testId={`admin-catalog-${section}`} title={title}>
      {isMenu && (
        <nav aria-label={nav.menus} className={styles.subNav}>
          <a href={catalogPath('main_menu')} aria-current={section === 'main_menu' ? 'page' : undefined}>
            {nav.mainMenu}
          </a>
          <a href={catalogPath('top_menu')} aria-current={section === 'top_menu' ? 'page' : undefined}>
            {nav.topMenu}
          </a>
        </nav>
      )}
      {section === 'notification_categories' && <p className={styles.hint}>{c.categoriesIntro}</p>}
      {!canEdit && (
        <p className={styles.note} data-testid="not-permitted">
          {notPermittedText('catalog', locale)}
        </p>
      )}
      {state.data ? (
        <SectionEditor
          key={section}
          section={section}
          title={title}
          data={state.data}
          canEdit={canEdit}
          onSaved={catalog.replace}
          onReload={catalog.reload}
        />
      ) : (
        <LoadProblem state={state} what={t.theCatalogue} onRetry={catalog.reload} />
      )}
      {state.data && state.status === 'error' && <LoadProblem state={state} what={t.theCatalogue} onRetry={catalog.reload} />}
    </ConsoleScreen>
  )
}
