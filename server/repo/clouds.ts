/**
 * Reading products and clouds, and resolving the `cloud` parameter of the API.
 */
import type { Kysely, Selectable } from 'kysely'
import type { Flag } from '../../contract/common.js'
import type { Cloud, Product } from '../../contract/global.js'
import type { CloudsTable, Database } from '../db/schema.js'
import { notFound } from '../http/errors.js'

/** A cloud row with its product's machine_name. */
export type CloudRow = Selectable<CloudsTable> & { product_machine_name: string }

const flag = (value: number): Flag => (value ? '1' : '0')

/**
 * The lookup key of a `cloud` parameter: trimmed, lower-cased, without a leading `trust.`
 * (docs/requirements/states.md#cloud-choice: a `cloud` query parameter may carry the prefix).
 * @example cloudKey('trust.auroraedge.net') // 'auroraedge.net'
 */
export function cloudKey(param: string): string {
  return param
    .trim()
    .toLowerCase()
    .replace(/^trust\./, '')
}

function selectClouds(db: Kysely<Database>) {
  return db
    .selectFrom('clouds')
    .innerJoin('products', 'products.id', 'clouds.product_id')
    .selectAll('clouds')
    .select('products.machine_name as product_machine_name')
}

/**
 * The cloud named by a machine_name or a domain (optionally `trust.`-prefixed), or `undefined`.
 */
export async function findCloud(db: Kysely<Database>, param: string): Promise<CloudRow | undefined> {
  const key = cloudKey(param)
  if (!key) return undefined
  return selectClouds(db)
    .where((eb) => eb.or([eb('clouds.machine_name', '=', key), eb('clouds.domain', '=', key)]))
    .executeTakeFirst()
}

/**
 * Like {@link findCloud}, for route handlers.
 * @throws HttpError 404 `unknown_cloud` when no cloud matches.
 */
export async function requireCloud(db: Kysely<Database>, param: string): Promise<CloudRow> {
  const cloud = await findCloud(db, param)
  if (!cloud) throw notFound(`Unknown cloud: ${JSON.stringify(param.slice(0, 100))}.`, 'unknown_cloud')
  return cloud
}

/** A cloud row in the contract's shape (docs/requirements/entities.md#cloud). */
export function toApiCloud(row: CloudRow): Cloud {
  return {
    id: String(row.id),
    machine_name: row.machine_name,
    domain: row.domain,
    cloudDomain: row.domain,
    title: row.title,
    type: row.product_machine_name,
    default_page: row.default_page,
    cloud_status: {
      datacenter: flag(row.status_datacenter),
      core_cloud_services: flag(row.status_core_cloud_services),
      premium_datacenter: flag(row.status_premium_datacenter),
    },
  }
}

/** Every cloud row, in display order (the seed keeps clouds of one product together). */
export async function listCloudRows(db: Kysely<Database>): Promise<CloudRow[]> {
  return selectClouds(db).orderBy('clouds.sort').orderBy('clouds.id').execute()
}

/** Every cloud, in display order. */
export async function listClouds(db: Kysely<Database>): Promise<Cloud[]> {
  return (await listCloudRows(db)).map(toApiCloud)
}

/** Every product, in display order. */
export async function listProducts(db: Kysely<Database>): Promise<Product[]> {
  return db.selectFrom('products').select(['machine_name', 'title']).orderBy('sort').orderBy('id').execute()
}
