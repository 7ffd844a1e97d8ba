/**
 * Columns that several record reads select alike (records aliased `r`; see
 * docs/requirements/entities.md, Record).
 */

/** What names a record in a list, a timeline or a link: id, type, title, alias and summary. */
export const RECORD_HEAD_COLUMNS = ['r.id', 'r.type', 'r.title', 'r.alias', 'r.summary'] as const
