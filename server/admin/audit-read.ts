/**
 * Reading the audit log (`contract/admin.ts` AuditData; written by `./audit.ts`).
 */
import type { Kysely } from 'kysely'
import type { AuditData, AuditEntry } from '../../contract/admin.js'
import type { Database } from '../db/schema.js'

/** Entries per page. */
export const AUDIT_PAGE_SIZE = 50

/** Stored JSON text → its value; `null` (none) stays `null`, text that is not JSON is returned as is. */
function parsed(text: string | null): unknown {
  if (text === null) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * One page of the audit log, newest first (by time, then by id), {@link AUDIT_PAGE_SIZE} entries.
 *
 * @param page 0-based; a page after the last one has no entries.
 * @returns The entries with `at` in ISO 8601 (UTC) and `before` / `after` parsed from JSON, the page
 *   and the number of pages (at least 1).
 */
export async function auditPage(db: Kysely<Database>, page: number): Promise<AuditData> {
  const [total, rows] = await Promise.all([
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(AUDIT_PAGE_SIZE)
      .offset(page * AUDIT_PAGE_SIZE)
      .execute(),
  ])
  const entries: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    at: new Date(r.at).toISOString(),
    actor: r.actor_name,
    action: r.action,
    target: r.target,
    before: parsed(r.before),
    after: parsed(r.after),
  }))
  return { entries, page, pages: Math.max(1, Math.ceil(Number(total.n) / AUDIT_PAGE_SIZE)) }
}
