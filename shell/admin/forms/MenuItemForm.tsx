import type { Catalog } from '../../../contract/catalog'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { Field } from '../../accounts/Field'
import * as forms from '../../accounts/accounts.css'
import * as styles from '../admin.css'
import { Checkbox, MoveButtons, Select } from '../controls'
import type { ItemFormProps, ListSpec } from '../ListEditor'
import { componentChoices } from '../menu-components'
import { adminCatalogMessages, adminMessages } from '../messages'
import { blankMenuItem, menuDraft, menuOf, moveItem, parseRoute, removeAt, replaceAt, type MenuDraft } from '../model'
import { adminFormsMessages } from './messages'
import { menuLabel } from '../../messages'

/**
 * The fields every menu item has: label, component (picked from the list of what an item can open,
 * `../menu-components.ts`), route, deep link, clouds it is hidden from.
 */
function MenuFields({ value, onChange, catalog, idPrefix }: Omit<ItemFormProps<MenuDraft>, 'isNew'>) {
  const set = <K extends keyof MenuDraft>(key: K, v: MenuDraft[K]) => onChange({ ...value, [key]: v })
  const t = useMessages(adminFormsMessages)
  const locale = useLocale()
  const parsed = parseRoute(value.route, locale)
  const routeError = 'error' in parsed ? t.routeError({ error: parsed.error }) : undefined
  return (
    <>
      <div className={styles.grid}>
        <Field id={`${idPrefix}-label`} label={t.label} value={value.label} onChange={(e) => set('label', e.target.value)} />
        <Select
          id={`${idPrefix}-component`}
          label={t.component}
          hint={t.componentHint}
          value={value.component}
          options={componentChoices(locale, value.component)}
          onChange={(component) => set('component', component)}
        />
      </div>
      <Field
        id={`${idPrefix}-route`}
        label={t.route}
        value={value.route}
        aria-describedby={`${idPrefix}-route-hint${routeError ? ` ${idPrefix}-route-error` : ''}`}
        error={routeError}
        onChange={(e) => set('route', e.target.value)}
      />
      <p className={styles.hint} id={`${idPrefix}-route-hint`}>
        {t.routeHint}
      </p>
      <Checkbox label={t.deepLink} checked={value.deep_link} onChange={(on) => set('deep_link', on)} />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t.hiddenFrom}</legend>
        {catalog.clouds.map((c) => (
          <Checkbox
            key={c.machine_name}
            label={c.title || c.machine_name}
            checked={value.hide_from_clouds.includes(c.machine_name)}
            onChange={(on) =>
              set(
                'hide_from_clouds',
                on ? [...value.hide_from_clouds, c.machine_name] : value.hide_from_clouds.filter((m) => m !== c.machine_name),
              )
            }
          />
        ))}
      </fieldset>
    </>
  )
}

/**
 * A menu item's fields and its sub-menus (the menus are two levels deep): each sub-menu has the
 * same fields, and can be moved or removed.
 */
export function MenuItemForm({ value, onChange, catalog, idPrefix }: ItemFormProps<MenuDraft>) {
  const subs = value.sub_menus
  const setSubs = (sub_menus: MenuDraft[]) => onChange({ ...value, sub_menus })
  const t = useMessages(adminFormsMessages)
  const c = useMessages(adminCatalogMessages)
  const a = useMessages(adminMessages)
  return (
    <div className={styles.group}>
      <MenuFields value={value} onChange={onChange} catalog={catalog} idPrefix={idPrefix} />
      <h3 className={styles.subTitle}>{t.subMenus}</h3>
      {subs.length === 0 && <p className={styles.note}>{t.noSubMenus}</p>}
      {subs.map((sub, i) => {
        const name = sub.label || c.subMenuN({ n: String(i + 1) })
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: sub-menus have no key of their own; the position is the identity while editing
          <fieldset key={i} className={styles.panel}>
            <legend className={styles.legend}>{t.subMenuLegend({ n: String(i + 1), label: sub.label || t.newLabel })}</legend>
            <MenuFields
              value={sub}
              onChange={(next) => setSubs(replaceAt(subs, i, next))}
              catalog={catalog}
              idPrefix={`${idPrefix}-sub-${i}`}
            />
            <p className={styles.actions}>
              <MoveButtons
                upLabel={a.moveUp({ name })}
                downLabel={a.moveDown({ name })}
                atTop={i === 0}
                atBottom={i === subs.length - 1}
                onMove={(delta) => setSubs(moveItem(subs, i, delta))}
              />
              <button type="button" className={styles.small} aria-label={a.removeItem({ name })} onClick={() => setSubs(removeAt(subs, i))}>
                {a.remove}
              </button>
            </p>
          </fieldset>
        )
      })}
      <p className={styles.actions}>
        <button type="button" className={forms.secondary} onClick={() => setSubs([...subs, blankMenuItem()])}>
          {t.addSubMenu}
        </button>
      </p>
    </div>
  )
}

function menuSpec(key: 'main_menu' | 'top_menu'): ListSpec<MenuDraft> {
  return {
    noun: 'nounMenuItem',
    fromCatalog: (c: Catalog) => c[key].map(menuDraft),
    toValue: menuOf,
    // A default label (`Incidents`) as the site's menu shows it in the console's language; the operator's own as written.
    label: (d, locale) => menuLabel(d.label, locale),
    detail: (d, _catalog, locale) => {
      const t = adminFormsMessages.in(locale).get()
      return [d.route || t.home, d.component, d.sub_menus.length ? t.subMenusCount(d.sub_menus.length) : ''].filter(Boolean).join(' · ')
    },
    blank: blankMenuItem,
    removable: true,
    Form: MenuItemForm,
  }
}

/** The main menu section. */
export const MAIN_MENU = menuSpec('main_menu')

/** The top menu section. */
export const TOP_MENU = menuSpec('top_menu')
