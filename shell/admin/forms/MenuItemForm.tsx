import type { Catalog } from '../../../contract/catalog'
import { Field } from '../../accounts/Field'
import * as forms from '../../accounts/accounts.css'
import * as styles from '../admin.css'
import { Checkbox } from '../controls'
import type { ItemFormProps, ListSpec } from '../ListEditor'
import { blankMenuItem, menuDraft, menuOf, moveItem, parseRoute, removeAt, replaceAt, type MenuDraft } from '../model'

const ROUTE_HINT =
  'A route under the cloud (cloud-status) when deep-linked, else a path or URL; one route per cloud as JSON: {"commercial": "https://…", "cloud_name": "https://…"}.'

/** The fields every menu item has: label, route, component, deep link, clouds it is hidden from. */
function MenuFields({ value, onChange, catalog, idPrefix }: Omit<ItemFormProps<MenuDraft>, 'isNew'>) {
  const set = <K extends keyof MenuDraft>(key: K, v: MenuDraft[K]) => onChange({ ...value, [key]: v })
  const parsed = parseRoute(value.route)
  const routeError = 'error' in parsed ? `The route: ${parsed.error}` : undefined
  return (
    <>
      <div className={styles.grid}>
        <Field id={`${idPrefix}-label`} label="Label" value={value.label} onChange={(e) => set('label', e.target.value)} />
        <Field
          id={`${idPrefix}-component`}
          label="Component (home, dc-map, external, …)"
          value={value.component}
          onChange={(e) => set('component', e.target.value)}
        />
      </div>
      <Field
        id={`${idPrefix}-route`}
        label="Route"
        value={value.route}
        aria-describedby={`${idPrefix}-route-hint${routeError ? ` ${idPrefix}-route-error` : ''}`}
        error={routeError}
        onChange={(e) => set('route', e.target.value)}
      />
      <p className={styles.hint} id={`${idPrefix}-route-hint`}>
        {ROUTE_HINT}
      </p>
      <Checkbox
        label="Deep link (the route lives under the cloud's domain)"
        checked={value.deep_link}
        onChange={(on) => set('deep_link', on)}
      />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Hidden from clouds</legend>
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
  return (
    <div className={styles.group}>
      <MenuFields value={value} onChange={onChange} catalog={catalog} idPrefix={idPrefix} />
      <h3 className={styles.subTitle}>Sub-menus</h3>
      {subs.length === 0 && <p className={styles.note}>No sub-menus.</p>}
      {subs.map((sub, i) => {
        const name = sub.label || `sub-menu ${i + 1}`
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: sub-menus have no key of their own; the position is the identity while editing
          <fieldset key={i} className={styles.panel}>
            <legend className={styles.legend}>
              Sub-menu {i + 1}: {sub.label || 'new'}
            </legend>
            <MenuFields
              value={sub}
              onChange={(next) => setSubs(replaceAt(subs, i, next))}
              catalog={catalog}
              idPrefix={`${idPrefix}-sub-${i}`}
            />
            <p className={styles.actions}>
              <button
                type="button"
                className={styles.small}
                aria-label={`Move ${name} up`}
                disabled={i === 0}
                onClick={() => setSubs(moveItem(subs, i, -1))}
              >
                Up
              </button>
              <button
                type="button"
                className={styles.small}
                aria-label={`Move ${name} down`}
                disabled={i === subs.length - 1}
                onClick={() => setSubs(moveItem(subs, i, 1))}
              >
                Down
              </button>
              <button type="button" className={styles.small} aria-label={`Remove ${name}`} onClick={() => setSubs(removeAt(subs, i))}>
                Remove
              </button>
            </p>
          </fieldset>
        )
      })}
      <p className={styles.actions}>
        <button type="button" className={forms.secondary} onClick={() => setSubs([...subs, blankMenuItem()])}>
          Add sub-menu
        </button>
      </p>
    </div>
  )
}

function menuSpec(key: 'main_menu' | 'top_menu'): ListSpec<MenuDraft> {
  return {
    noun: 'menu item',
    fromCatalog: (c: Catalog) => c[key].map(menuDraft),
    toValue: menuOf,
    label: (d) => d.label,
    detail: (d) =>
      [d.route || '(home)', d.component, d.sub_menus.length ? `${d.sub_menus.length} sub-menus` : ''].filter(Boolean).join(' · '),
    blank: blankMenuItem,
    removable: true,
    Form: MenuItemForm,
  }
}

/** The main menu section. */
export const MAIN_MENU = menuSpec('main_menu')

/** The top menu section. */
export const TOP_MENU = menuSpec('top_menu')
