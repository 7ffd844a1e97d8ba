import type { ApiAnswer } from '../../contract/common'
import type { DcMapData, MapDataCenter } from '../../contract/global'
import { ApiError, is, request } from '../core/request'

function malformed(what: string): ApiError {
  return new ApiError(`The service sent data-center map data of an unexpected shape (${what}).`, 0, 'Malformed answer')
}

/** A number, or a string holding one (the spec's backend sends coordinates either way). */
function toNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return is.number(n) ? n : undefined
}

/** A 0/1 flag sent as a number, a '0'/'1' string or a boolean; absent means 0. */
function toFlag(value: unknown): 0 | 1 | undefined {
  if (value === undefined || value === null || value === 0 || value === '0' || value === false || value === '') return 0
  if (value === 1 || value === '1' || value === true) return 1
  return undefined
}

function toDataCenter(raw: unknown, i: number): MapDataCenter {
  if (!is.object(raw)) throw malformed(`datacenters[${i}] is not an object`)
  const latitude = toNumber(raw.latitude)
  const longitude = toNumber(raw.longitude)
  if (!is.string(raw.name) || raw.name.trim() === '') throw malformed(`datacenters[${i}].name`)
  if (latitude === undefined || Math.abs(latitude) > 90) throw malformed(`datacenters[${i}].latitude`)
  if (longitude === undefined || Math.abs(longitude) > 180) throw malformed(`datacenters[${i}].longitude`)
  const regional_surcharge = toFlag(raw.regional_surcharge)
  const premium_dc = toFlag(raw.premium_dc)
  if (regional_surcharge === undefined) throw malformed(`datacenters[${i}].regional_surcharge`)
  if (premium_dc === undefined) throw malformed(`datacenters[${i}].premium_dc`)
  return {
    name: raw.name,
    city: is.string(raw.city) ? raw.city : '',
    region: is.string(raw.region) ? raw.region : '',
    latitude,
    longitude,
    regional_surcharge,
    premium_dc,
  }
}

/**
 * Checks and normalises a `GET /api/dc_map/{cloud}` answer (docs/requirements/entities.md#data-center (map)):
 * `{ data: { status: 'success', datacenters: [...] } }`. Coordinates (degrees) may arrive as
 * numbers or numeric strings, flags as 0/1, '0'/'1' or booleans; `city` and `region` default
 * to ''. An empty list is valid (the widget then says 'Data is not available for this cloud.').
 *
 * @returns the data with numeric coordinates and 0/1 flags
 * @throws ApiError (status 0, 'Malformed answer') when the shape is wrong, a coordinate is out
 *   of range, or `status` is not 'success'
 */
export function parseDcMapAnswer(answer: unknown): DcMapData {
  const data = is.object(answer) ? answer.data : undefined
  if (!is.object(data)) throw malformed('no data object')
  if (data.status !== 'success') throw malformed(`status ${JSON.stringify(data.status)}`)
  if (!is.array(data.datacenters)) throw malformed('datacenters is not a list')
  return { status: 'success', datacenters: data.datacenters.map(toDataCenter) }
}

/**
 * `GET /api/dc_map/{cloud}` — the data centers of the map (docs/requirements/calls.md).
 *
 * @param cloud cloud machine name (or domain) the API knows
 * @param options `apiBase` for widgets on foreign pages (@default '' — same origin); `signal`
 *   aborts the request
 * @throws ApiError on a failed request or an answer of the wrong shape; the abort error when aborted
 * @example const { datacenters } = await fetchDcMap('auroraedge', { signal })
 */
export async function fetchDcMap(cloud: string, options: { apiBase?: string; signal?: AbortSignal } = {}): Promise<DcMapData> {
  const answer = await request<ApiAnswer<DcMapData>>(`/api/dc_map/${encodeURIComponent(cloud)}`, options)
  return parseDcMapAnswer(answer)
}
