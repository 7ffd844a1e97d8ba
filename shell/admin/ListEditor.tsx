import { useEffect, useState, type ComponentType, type FormEvent } from 'react'
import type { CatalogData, CatalogSection } from '../../contract/admin'
import type { Catalog } from '../../contract/catalog'
import type { Locale } from '../../contract/locale'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import * as forms from '../accounts/accounts.css'
import * as styles from './admin.css'
import { saveCatalogSection } from './api'
import { MoveButtons, moveButtonIds } from './controls'
import { adminCatalogMessages, adminMessages } from './messages'
import { addRow, atGroupEnd, moveInGroup, moveItem, removeAt, replaceAt, rowsOf, type Row } from './model'
import { catalogProblemsInWords } from './problems'
import { SaveBar } from './SaveMessages'
import { IDLE, useSave } from './save'
import { useUnsavedChanges } from './unsaved'

/** Props of the form that edits one item of a section. */
export interface ItemFormProps<D> {
  value: D
  onChange: (next: D) => void
  /** Added since the list loaded: its natural key may still be typed. */
  isNew: boolean
  catalog: Catalog
  /** Prefix of the form's element ids (unique per item). */
  idPrefix: string
}

/** {@link ListSpec}.toValue of a section saved as its drafts are, with no checks of its own. */
export const draftsAsValue = <D,>(value: D[]) => ({ value, errors: [] as string[] })

/** How one list section of the catalogue is edited. `D` is an item as its form edits it. */
export interface ListSpec<D> {
  /** One item, as a sentence names it (`product`, `data center`): its message (`admin.catalog`). */
  noun: NounKey
  /** The section's items as drafts. */
  fromCatalog: (catalog: Catalog) => D[]
  /** The section's value to save, and the form's own messages in `locale` (any message stops the save). */
  toValue: (drafts: D[], locale: Locale) => { value: unknown; errors: string[] }
  /** The item's name in the list and the form's heading, in `locale` (a severity's default name in the locale's words). */
  label: (draft: D, locale: Locale) => string
  /** A short second line in the list, in `locale`. */
  detail?: (draft: D, catalog: Catalog, locale: Locale) => string
  blank: (catalog: Catalog) => D
  /** Items may be removed (menus, notification categories); other sections decommission or refuse removals. */
  removable?: boolean
  /** Items in groups (the notification categories, by type); without it, one list. */
  groups?: ListGroups<D>
  Form: ComponentType<ItemFormProps<D>>
}

/**
 * Groups of a list section: each shows under its heading with an Add button of its own, and an
 * item moves up and down among its group's items only. The section's value keeps the groups'
 * order ({@link ListSpec}.toValue puts the drafts in it).
 */
export interface ListGroups<D> {
  /** The groups' keys in display order. */
  keys: readonly string[]
  /** The group of an item. */
  of: (draft: D) => string
  /** The group's heading in `locale`, e.g. `URL categories`. */
  heading: (key: string, locale: Locale) => string
  /** One item of the group as a sentence names it in `locale` (`URL category`): Add, New and Edit say it. */
  noun: (key: string, locale: Locale) => string
  /** What the group says while it has no item, in `locale`. */
  empty: (key: string, locale: Locale) => string
  /** A new item of the group. */
  blank: (key: string, catalog: Catalog) => D
}

/** The messages naming one item of a section. */
export type NounKey = Extract<keyof typeof adminCatalogMessages.base, `noun${string}`>

/** How a sentence names each list section (`Save data centers`). */
const IN_TEXT: Partial<Record<CatalogSection, keyof typeof adminCatalogMessages.base>> = {
  products: 'inTextProducts',
  clouds: 'inTextClouds',
  core_services: 'inTextCoreServices',
  regions: 'inTextRegions',
  data_centers: 'inTextDataCenters',
  main_menu: 'inTextMainMenu',
  top_menu: 'inTextTopMenu',
  severities: 'inTextSeverities',
  notification_categories: 'inTextNotificationCategories',
}

const FOCUSABLE = 'input:not([disabled]):not([readonly]), select, textarea, button:not([disabled])'

/** The element with `id` if it can take focus, else its first control that can. */
function focusable(id: string | undefined): HTMLElement | null {
  const el = id ? document.getElementById(id) : null
  if (!el) return null
  if (el.matches(FOCUSABLE)) return el
  return el.querySelector<HTMLElement>(FOCUSABLE)
}

/**
 * Moves focus once the next render is on screen: to the element with `id` (or its first control),
 * else to `fallback` — a moved row's button that became disabled at the end of the list, a form
 * that just opened.
 */
export function useFocusLater(): (id: string, fallback?: string) => void {
  const [target, setTarget] = useState<[string, string | undefined] | null>(null)
  useEffect(() => {
    if (!target) return
    const [id, fallback] = target
    ;(focusable(id) ?? focusable(fallback))?.focus()
    setTarget(null)
  }, [target])
  return (id, fallback) => setTarget([id, fallback])
}

/**
 * A list section of the catalogue: its items in display order (Edit, Move up/down, Remove where
 * allowed; in groups with their headings where the section has them), the form of the item being
 * edited, and Save, which sends the whole section with the
 * revision it was read at (`PUT /api/admin/catalog/{section}`); the server's refusals are said in
 * words (`./problems.ts`). Until the changes are saved or discarded, leaving the screen asks first
 * (`./unsaved.ts`). Without the `catalog` permission only the list shows.
 */
export function ListEditor<D>({
  spec,
  section,
  title,
  data,
  canEdit,
  onSaved,
  onReload,
}: {
  spec: ListSpec<D>
  section: CatalogSection
  /** The section's name, e.g. `Data centers`. */
  title: string
  data: CatalogData
  canEdit: boolean
  onSaved: (data: CatalogData) => void
  onReload: () => void
}) {
  const [base, setBase] = useState(data.revision)
  const [rows, setRows] = useState<Row<D>[]>(() => rowsOf(spec.fromCatalog(data.catalog)))
  const [editing, setEditing] = useState<number | null>(null)
  const [dirty, setDirty] = useState(false)
  useUnsavedChanges(canEdit && dirty)
  // Bumped whenever the drafts are replaced, so item forms with text state of their own start over.
  const [generation, setGeneration] = useState(0)
  const save = useSave()
  const focusLater = useFocusLater()
  const prefix = `admin-${section}`
  const t = useMessages(adminCatalogMessages)
  const a = useMessages(adminMessages)
  const locale = useLocale()
  const noun = t[spec.noun]
  const inText = IN_TEXT[section]
  const sectionText = inText ? (t[inText] as string) : title.toLowerCase()

  // A new revision (saved, or reloaded) replaces the drafts.
  if (base !== data.revision) {
    setBase(data.revision)
    setRows(rowsOf(spec.fromCatalog(data.catalog)))
    setDirty(false)
    setGeneration((g) => g + 1)
    if (save.state.kind === 'stale') save.setState(IDLE)
  }

  const change = (next: Row<D>[]) => {
    setRows(next)
    setDirty(true)
  }
  const current = rows.find((r) => r.id === editing)
  const groups = spec.groups
  const groupOf = (row: Row<D>) => (groups ? groups.of(row.value) : '')
  /** How a sentence names the item: by its group's noun where there are groups. */
  const nounOf = (row: Row<D>) => (groups ? groups.noun(groupOf(row), locale) : noun)
  /** The item's name, or `new {noun} {n}` by its place in its list (its group's). */
  const nameOf = (row: Row<D>, i: number) => {
    const n = groups ? rows.slice(0, i).filter((r) => groupOf(r) === groupOf(row)).length : i
    return spec.label(row.value, locale) || t.newName({ noun: nounOf(row), n: String(n + 1) })
  }
  const addId = (group?: string) => (group === undefined ? `${prefix}-add` : `${prefix}-add-${group}`)

  const add = (group?: string) => {
    const row = addRow(rows, groups && group !== undefined ? groups.blank(group, data.catalog) : spec.blank(data.catalog))
    change([...rows, row])
    setEditing(row.id)
    focusLater(`${prefix}-${row.id}-form`)
  }
  const move = (i: number, delta: number) => {
    const row = rows[i]
    change(groups ? moveInGroup(rows, i, delta, groupOf) : moveItem(rows, i, delta))
    focusLater(...moveButtonIds(`${prefix}-${row.id}`, delta))
  }
  const isEnd = (i: number, delta: number) => (groups ? atGroupEnd(rows, i, delta, groupOf) : delta < 0 ? i === 0 : i === rows.length - 1)
  const remove = (i: number) => {
    const row = rows[i]
    change(removeAt(rows, i))
    if (editing === row.id) setEditing(null)
    focusLater(addId(groups ? groupOf(row) : undefined))
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const { value, errors } = spec.toValue(
      rows.map((r) => r.value),
      locale,
    )
    if (errors.length) {
      save.setState({ kind: 'invalid', messages: errors })
      return
    }
    void save.run(
      async () => {
        const next = await saveCatalogSection(section, data.revision, value)
        onSaved(next)
        return undefined
      },
      (messages, locale) => catalogProblemsInWords(messages, data.catalog, section, value, locale),
    )
  }
  const discard = () => {
    setRows(rowsOf(spec.fromCatalog(data.catalog)))
    setEditing(null)
    setDirty(false)
    setGeneration((g) => g + 1)
    save.setState(IDLE)
  }

  const item = (row: Row<D>, i: number) => {
    const name = nameOf(row, i)
    const detail = spec.detail?.(row.value, data.catalog, locale)
    return (
      <li key={row.id} className={styles.listItem} data-editing={editing === row.id}>
        <span className={styles.itemText}>
          <strong>{name}</strong>
          {editing === row.id && t.editing}
          {row.isNew && t.isNew}
          {detail && <span className={styles.itemDetail}>{detail}</span>}
        </span>
        {canEdit && (
          <span className={styles.actions}>
            <button
              type="button"
              id={`${prefix}-${row.id}-edit`}
              className={styles.small}
              aria-label={a.editItem({ name })}
              aria-expanded={editing === row.id}
              onClick={() => {
                setEditing(editing === row.id ? null : row.id)
                if (editing !== row.id) focusLater(`${prefix}-${row.id}-form`)
              }}
            >
              {a.edit}
            </button>
            <MoveButtons
              id={`${prefix}-${row.id}`}
              upLabel={a.moveUp({ name })}
              downLabel={a.moveDown({ name })}
              atTop={isEnd(i, -1)}
              atBottom={isEnd(i, 1)}
              onMove={(delta) => move(i, delta)}
            />
            {spec.removable && (
              <button type="button" className={styles.small} aria-label={a.removeItem({ name })} onClick={() => remove(i)}>
                {a.remove}
              </button>
            )}
          </span>
        )}
      </li>
    )
  }

  const list = groups ? (
    <div data-testid="catalog-groups">
      {groups.keys.map((key) => {
        const members = rows.flatMap((row, i) => (groupOf(row) === key ? [item(row, i)] : []))
        return (
          <section key={key} aria-labelledby={`${prefix}-group-${key}`} data-testid={`catalog-group-${key}`}>
            <h2 className={styles.subTitle} id={`${prefix}-group-${key}`}>
              {groups.heading(key, locale)}
            </h2>
            {members.length > 0 ? (
              <ol className={styles.list} data-testid="catalog-list">
                {members}
              </ol>
            ) : (
              <p className={styles.note}>{groups.empty(key, locale)}</p>
            )}
            {canEdit && (
              <p className={styles.actions}>
                <button type="button" id={addId(key)} className={forms.secondary} onClick={() => add(key)}>
                  {t.add({ noun: groups.noun(key, locale) })}
                </button>
              </p>
            )}
          </section>
        )
      })}
    </div>
  ) : (
    <ol className={styles.list} data-testid="catalog-list">
      {rows.map(item)}
    </ol>
  )

  if (!canEdit) return list

  const Form = spec.Form
  return (
    <form onSubmit={submit} noValidate aria-label={t.editSection({ section: sectionText })}>
      {list}
      {!groups && (
        <p className={styles.actions}>
          <button type="button" id={addId()} className={forms.secondary} onClick={() => add()}>
            {t.add({ noun })}
          </button>
        </p>
      )}
      {current && (
        <section className={styles.panel} aria-labelledby={`${prefix}-${current.id}-heading`}>
          <h2 className={styles.subTitle} id={`${prefix}-${current.id}-heading`}>
            {current.isNew
              ? t.newNoun({ noun: nounOf(current) })
              : t.editNoun({ noun: nounOf(current), name: spec.label(current.value, locale) })}
          </h2>
          {/* The form's first control takes focus when the item opens. */}
          <div id={`${prefix}-${current.id}-form`} className={styles.group}>
            <Form
              key={`${current.id}:${generation}`}
              value={current.value}
              onChange={(next) => change(replaceAt(rows, rows.indexOf(current), { ...current, value: next }))}
              isNew={current.isNew}
              catalog={data.catalog}
              idPrefix={`${prefix}-${current.id}`}
            />
          </div>
          <p className={styles.actions}>
            <button
              type="button"
              className={styles.small}
              onClick={() => {
                setEditing(null)
                focusLater(`${prefix}-${current.id}-edit`)
              }}
            >
              {t.close({ noun: nounOf(current) })}
            </button>
          </p>
        </section>
      )}
      <SaveBar state={save.state} onReload={onReload} saving={save.saving} label={t.saveSection({ section: sectionText })}>
        {dirty && (
          <button type="button" className={forms.secondary} onClick={discard}>
            {t.discard}
          </button>
        )}
      </SaveBar>
    </form>
  )
}
