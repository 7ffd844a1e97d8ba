/**
 * Data centers of a cloud, as the map shows them (docs/requirements/entities.md#data-center (map)).
 */
import type { Kysely } from 'kysely'
import type { MapDataCenter } from '../../contract/global.js'
import type { Database } from '../db/schema.js'
import { type Audience, type CustomerGroups, componentVisible, PUBLIC_GROUPS } from './private-components.js'

/**
 * The data centers linked to a cloud (`cdc` = cloud_data_centers, `dc` = data_centers, `r` = the
 * data center's region), unordered and unselected: callers add their columns, filters and order.
 * One join for the map, the status timeline, the calendar's multi-select and the maintenance
 * schedule. Private data centers are left out unless `groups` may see them
 * (`server/repo/private-components.ts`); by default, the public's view.
 */
export function cloudDataCenters(db: Kysely<Database>, cloudId: number, groups: Audience = PUBLIC_GROUPS) {
  return db
    .selectFrom('cloud_data_centers as cdc')
    .innerJoin('data_centers as dc', 'dc.tid', 'cdc.data_center_tid')
    .innerJoin('regions as r', 'r.tid', 'dc.region_tid')
    .where('cdc.cloud_id', '=', cloudId)
    .where((eb) => componentVisible(eb, 'cdc.cloud_id', 'cdc.data_center_tid', groups))
}

/**
 * The active data centers of a cloud, ordered by region then list order. Decommissioned ones
 * (`active = 0`) are left out. Coordinates in degrees.
 */
export async function activeDataCenters(
  db: Kysely<Database>,
  cloudId: number,
  groups: CustomerGroups = PUBLIC_GROUPS,
): Promise<MapDataCenter[]> {
  const rows = await cloudDataCenters(db, cloudId, groups)
    .select(['dc.name', 'dc.city', 'r.name as region', 'dc.latitude', 'dc.longitude', 'cdc.regional_surcharge', 'cdc.premium_dc'])
    .where('cdc.active', '=', 1)
    .orderBy('r.sort')
    .orderBy('dc.sort')
    .execute()
  return rows.map((r) => ({
    name: r.name,
    city: r.city,
    region: r.region,
    latitude: r.latitude,
    longitude: r.longitude,
    regional_surcharge: r.regional_surcharge ? 1 : 0,
    premium_dc: r.premium_dc ? 1 : 0,
  }))
}
