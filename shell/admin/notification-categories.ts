import type { Catalog, CatalogNotificationCategoryEntry } from '../../contract/catalog'
import { DEFAULT_LOCALE, type Locale } from '../../contract/locale'
import type { NotificationType } from '../../contract/records'
import { NOTIFICATION_TYPES } from './desk/model'
import { adminCatalogMessages, adminProblemMessages } from './messages'

/**
 * Pure parts of the console's Notification categories screen (docs/operating/catalogue.md): the categories of each
 * notification type as the screen lists them, their names in the page's language, and the section's
 * value a save sends with the form's own checks. Unit-tested without rendering in
 * `test/unit/admin-notification-categories.test.tsx`.
 */

/** A category as the screen edits it: a new one has no id until the server assigns it on save. */
export type CategoryDraft = CatalogNotificationCategoryEntry

type CatalogText = keyof typeof adminCatalogMessages.base

/** Each type's heading and the noun of one of its categories. */
const TYPE_TEXTS: Readonly<Record<NotificationType, { heading: CatalogText; noun: CatalogText }>> = {
  url_change_notification: { heading: 'groupUrlCategories', noun: 'nounUrlCategory' },
  cloud_app: { heading: 'groupCloudAppCategories', noun: 'nounCloudAppCategory' },
  privacy_notification: { heading: 'groupPrivacyCategories', noun: 'nounPrivacyCategory' },
}

const textOf = (type: string, which: 'heading' | 'noun', locale: Locale): string => {
  const key = TYPE_TEXTS[type as NotificationType]?.[which]
  return key ? (adminCatalogMessages.in(locale).get()[key] as string) : type
}

/** A type's heading in `locale`, e.g. `URL categories`; an unknown type as it is. */
export function categoryTypeHeading(type: string, locale: Locale = DEFAULT_LOCALE): string {
  return textOf(type, 'heading', locale)
}

/** One category of a type as a sentence names it in `locale`, e.g. `URL category`. */
export function categoryNoun(type: string, locale: Locale = DEFAULT_LOCALE): string {
  return textOf(type, 'noun', locale)
}

/**
 * The categories in the order the screen lists them: type by type (URL categories, cloud
 * applications, privacy), each type's in display order. The catalogue's own order, which the export
 * already writes so; a category of a type the console does not know is left out.
 */
export function categoryDrafts(catalog: Catalog): CategoryDraft[] {
  const all = catalog.notification_categories ?? []
  return NOTIFICATION_TYPES.flatMap((type) => all.filter((c) => c.type === type))
}

/**
 * The section's value to save from the screen's drafts: names trimmed, type by type (each type's in
 * the drafts' order); and the form's own checks, one message each (any stops the save): a category
 * without a name, a name given twice within a type. The server checks everything again.
 */
export function categoriesOf(
  drafts: readonly CategoryDraft[],
  locale: Locale = DEFAULT_LOCALE,
): { value: CategoryDraft[]; errors: string[] } {
  const t = adminCatalogMessages.in(locale).get()
  const p = adminProblemMessages.in(locale).get()
  const value = NOTIFICATION_TYPES.flatMap((type) => drafts.filter((d) => d.type === type).map((d) => ({ ...d, name: d.name.trim() })))
  const errors: string[] = []
  for (const type of NOTIFICATION_TYPES) {
    const seen = new Set<string>()
    value
      .filter((c) => c.type === type)
      .forEach((c, i) => {
        const noun = categoryNoun(type, locale)
        if (c.name === '') errors.push(`${t.newName({ noun, n: String(i + 1) })}: ${t.nameRequired}`)
        else if (seen.has(c.name)) errors.push(`${p.item({ noun, name: c.name })}: ${t.categoryNameTwice}`)
        seen.add(c.name)
      })
  }
  return { value, errors }
}

/** A new category of `type`. */
export function blankCategory(type: string): CategoryDraft {
  return { type: type as NotificationType, name: '' }
}
