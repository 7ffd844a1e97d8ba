/**
 * Private components (docs/operating/catalogue.md#private-components): a cloud's data center or core
 * service with customer groups in `component_groups` is seen only by viewers of one of those
 * groups; a record that concerns a private component of one of its clouds is seen only by a viewer
 * who may see every private component it concerns (a record on public and private components is
 * private). Anonymous visitors and refused console tokens have no groups (`[]`): they get exactly
 * the public answers.
 *
 * The helpers are SQL expressions, so every public query filters in the database, and readers
 * for the answers built in code. `groups` are customer-group machine names such as `acme`
 * (`tenantGroupsOf` in `server/accounts/console-token.ts`).
 */
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql, type Transaction } from 'kysely'
import type { Database } from '../db/schema.js'
import { componentKey } from '../statuspage/uptime.js'

/** The customer groups of whoever asks; `[]` for the public. */
export type CustomerGroups = readonly string[]

/** No customer groups: the public. */
export const PUBLIC_GROUPS: CustomerGroups = Object.freeze([])

/** Who reads: customer groups (`[]`: the public), or `'all'` for staff and API keys, who see every component. */
export type Audience = CustomerGroups | 'all'

const EVERYTHING = sql<SqlBool>`1 = 1`

// The helpers take a builder over any tables (the callers' aliases differ); the references are raw.
// biome-ignore lint/suspicious/noExplicitAny: a builder of the caller's query, whatever its tables.
type AnyBuilder = ExpressionBuilder<any, any>

/**
 * `true` where the component `(cloudRef, tidRef)` (column references such as `'cdc.cloud_id'`,
 * `'cdc.data_center_tid'`) is public or private to one of `groups`.
 */
export function componentVisible(eb: AnyBuilder, cloudRef: string, tidRef: string, groups: Audience): Expression<SqlBool> {
  if (groups === 'all') return EVERYTHING
  const rows = () =>
    eb
      .selectFrom('component_groups as cgv')
      .select('cgv.tid')
      .whereRef('cgv.cloud_id', '=', sql.ref(cloudRef) as never)
      .whereRef('cgv.tid', '=', sql.ref(tidRef) as never)
  const isPublic = eb.not(eb.exists(rows()))
  return groups.length === 0 ? isPublic : eb.or([isPublic, eb.exists(rows().where('cgv.customer_group', 'in', [...groups]))])
}

/**
 * `true` where the record `recordRef` (e.g. `'r.id'`) concerns no private component that `groups`
 * may not see: for every (cloud of the record, term of the record) that is private, one of its
 * groups is in `groups`.
 */
export function recordVisible(eb: AnyBuilder, recordRef: string, groups: Audience): Expression<SqlBool> {
  if (groups === 'all') return EVERYTHING
  let hidden = eb
    .selectFrom('record_terms as prt')
    .innerJoin('record_clouds as prc', 'prc.record_id', 'prt.record_id')
    .innerJoin('component_groups as pcg', (join) => join.onRef('pcg.cloud_id', '=', 'prc.cloud_id').onRef('pcg.tid', '=', 'prt.tid'))
    .select('prt.record_id')
    .whereRef('prt.record_id', '=', sql.ref(recordRef) as never)
  if (groups.length > 0) {
    hidden = hidden.where((inner) =>
      inner.not(
        inner.exists(
          inner
            .selectFrom('component_groups as pcg2')
            .select('pcg2.tid')
            .whereRef('pcg2.cloud_id', '=', 'pcg.cloud_id')
            .whereRef('pcg2.tid', '=', 'pcg.tid')
            .where('pcg2.customer_group', 'in', [...groups]),
        ),
      ),
    )
  }
  return eb.not(eb.exists(hidden))
}

/** Of `ids`, the records `groups` may see (see {@link recordVisible}), as a set. */
export async function visibleRecordIds(db: Kysely<Database>, ids: readonly number[], groups: CustomerGroups): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .selectFrom('records as r')
    .select('r.id')
    .where('r.id', 'in', [...ids])
    .where((eb) => recordVisible(eb, 'r.id', groups))
    .execute()
  return new Set(rows.map((r) => r.id))
}

/**
 * The customer groups of each private component (key `${cloudId}:${tid}`, `componentKey` of
 * `server/statuspage/uptime.ts`), sorted; with `recordId`, only the components that record
 * concerns on its clouds (what its mail's recipients must belong to, `server/publishing/dispatch.ts`).
 */
export async function componentGroups(db: Kysely<Database> | Transaction<Database>, recordId?: number): Promise<Map<string, string[]>> {
  const rows =
    recordId === undefined
      ? await db
          .selectFrom('component_groups as cg')
          .select(['cg.cloud_id', 'cg.tid', 'cg.customer_group'])
          .orderBy('cg.customer_group')
          .execute()
      : await db
          .selectFrom('record_terms as rt')
          .innerJoin('record_clouds as rc', 'rc.record_id', 'rt.record_id')
          .innerJoin('component_groups as cg', (join) => join.onRef('cg.cloud_id', '=', 'rc.cloud_id').onRef('cg.tid', '=', 'rt.tid'))
          .select(['cg.cloud_id', 'cg.tid', 'cg.customer_group'])
          .where('rt.record_id', '=', recordId)
          .orderBy('cg.customer_group')
          .execute()
  const groups = new Map<string, string[]>()
  for (const r of rows) {
    const key = componentKey(r.cloud_id, r.tid)
    groups.set(key, [...(groups.get(key) ?? []), r.customer_group])
  }
  return groups
}
