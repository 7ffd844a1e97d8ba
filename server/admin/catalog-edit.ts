/**
 * The admin console's catalogue editor (`contract/admin.ts` Catalogue): the catalogue as the export
 * writes it, named by a revision, and the replacement of one of its sections, checked and applied
 * exactly as `npm run catalog -- import` does (`server/catalog/import.ts`), in one transaction with
 * its audit entry.
 */
import { createHash } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { CatalogData, CatalogSection } from '../../contract/admin.js'
import type { Catalog } from '../../contract/catalog.js'
import { exportCatalog } from '../catalog/export.js'
import { CatalogError, importCatalogIn } from '../catalog/import.js'
import type { Database } from '../db/schema.js'
import { HttpError } from '../http/errors.js'
import type { Actor } from './audit.js'

/** The revision of a catalogue: the SHA-256 hex (64 characters) of its export's JSON. */
export function catalogRevision(catalog: Catalog): string {
  return createHash('sha256').update(JSON.stringify(catalog)).digest('hex')
}

/** The catalogue as the database holds it (`exportCatalog`) with its {@link catalogRevision}. */
export async function readCatalog(db: Kysely<Database> | Transaction<Database>): Promise<CatalogData> {
  const catalog = await exportCatalog(db)
  return { catalog, revision: catalogRevision(catalog) }
}

/** What {@link saveCatalogSection} changes. */
export interface SectionChange {
  section: CatalogSection
  /** The revision the editor read; the save is refused unless it is still the current one. */
  revision: string
  /** The section's new value, shaped as in the catalogue file (checked by the import). */
  value: unknown
}

/**
 * Replaces one section of the catalogue and applies the result as an import does, in one
 * transaction that first checks the revision and ends with the audit entry (action
 * `catalog.{section}`, `before` / `after` the section's exported value; no entry when no row
 * changed). A data center or a cloud's data center left out is decommissioned; a notification
 * category left out is deleted, or the save refused when a notification or a subscriber uses it.
 *
 * @param now The moment of the change (decommissioning dates, the audit entry).
 * @returns The new state of the catalogue with its revision.
 * @throws {HttpError} 409 `stale` when `change.revision` is not the current revision; 400 `invalid`
 *   with every problem, joined by `; ` (a problem holds none): the path of the field in the whole
 *   catalogue, then in words what is wrong and what to do (`clouds[0].default_page: "status" is not
 *   the route of a main-menu item with deep link on: …`). The console names the field in words from
 *   the path (`shell/admin/problems.ts`). Either way nothing changed.
 */
export async function saveCatalogSection(db: Kysely<Database>, change: SectionChange, actor: Actor, now: Date): Promise<CatalogData> {
  return db.transaction().execute(async (trx) => {
    const current = await exportCatalog(trx)
    if (catalogRevision(current) !== change.revision) {
      throw new HttpError(409, 'stale', 'The catalogue has changed since it was read. Reload it and make the change again.')
    }
    const next = { ...current, [change.section]: change.value }
    let changes: Record<string, number>
    try {
      changes = await importCatalogIn(trx, next, now, {
        current,
        audit: { actor, action: `catalog.${change.section}`, section: change.section },
      })
    } catch (error) {
      if (error instanceof CatalogError) throw new HttpError(400, 'invalid', error.problems.map((p) => p.replaceAll('; ', ', ')).join('; '))
      throw error
    }
    return Object.keys(changes).length === 0 ? { catalog: current, revision: catalogRevision(current) } : readCatalog(trx)
  })
}
