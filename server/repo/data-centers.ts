/**
 * Data centers of a cloud, as the map shows them (spec §3 Data center (map)).
 */
import type { Kysely } from 'kysely'
import type { MapDataCenter } from '../../widgets/core/contract.js'
import type { Database } from '../db/schema.js'

/**
 * The active data centers of a cloud, ordered by region then list order. Decommissioned ones
 * (`active = 0`) are left out. Coordinates in degrees.
 */
export async function activeDataCenters(db: Kysely<Database>, cloudId: number): Promise<MapDataCenter[]> {
  const rows = await db
    .selectFrom('cloud_data_centers as cdc')
    .innerJoin('data_centers as dc', 'dc.tid', 'cdc.data_center_tid')
    .innerJoin('regions as r', 'r.tid', 'dc.region_tid')
    .select([
      'dc.name',
      'dc.city',
      'r.name as region',
      'dc.latitude',
      'dc.longitude',
      'cdc.regional_surcharge',
      'cdc.premium_dc',
    ])
    .where('cdc.cloud_id', '=', cloudId)
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
