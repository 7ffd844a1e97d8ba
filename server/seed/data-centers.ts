/**
 * The real data-center list (`./data/cenr-zscalerthree.json`) turned into seed rows.
 *
 * The file maps a cloud name to continents to cities to address ranges:
 * `{ "zscalerthree.net": { "continent : EMEA": { "city : Amsterdam II": [{ latitude, longitude, … }] } } }`.
 * Every city key becomes one data center; its address ranges are not needed by the site.
 */
import { readFileSync } from 'node:fs'

/** One data center as the seed inserts it. Coordinates in degrees, WGS84. */
export interface DataCenterSeed {
  /** Position in the file (0-based, continents and cities in file order): the assignment rules key on it. */
  index: number
  /** City key without its prefix, e.g. `'Amsterdam II'`. */
  name: string
  /** The name without a trailing roman numeral, e.g. `'Amsterdam'`. */
  city: string
  /** ISO 3166-1 alpha-2 country code. */
  country: string
  /** Continent without its prefix: `'EMEA'`, `'Americas'` or `'APAC'`. */
  region: string
  latitude: number
  longitude: number
}

/** Where the seed reads the list from: inside the repository, next to this file. */
export const DATA_CENTER_FILE = new URL('./data/cenr-zscalerthree.json', import.meta.url)

const CONTINENT_PREFIX = 'continent : '
const CITY_PREFIX = 'city : '
const ROMAN_SUFFIX = /\s+[IVX]+$/

/**
 * Country of each city. The list carries no country, and the government clouds are limited to
 * data centers in the United States, which a latitude/longitude box cannot decide (Montreal,
 * Toronto, Vancouver and Nuevo Laredo all lie inside the box around the contiguous states).
 */
const COUNTRY_OF_CITY: Record<string, string> = {
  // EMEA
  'Abu Dhabi': 'AE',
  Amsterdam: 'NL',
  Brussels: 'BE',
  Capetown: 'ZA',
  Copenhagen: 'DK',
  Dubai: 'AE',
  Dusseldorf: 'DE',
  Frankfurt: 'DE',
  Helsinki: 'FI',
  Johannesburg: 'ZA',
  'Kingdom of Saudi Arabia': 'SA',
  Lagos: 'NG',
  Lisbon: 'PT',
  London: 'GB',
  Madrid: 'ES',
  Manchester: 'GB',
  Marseille: 'FR',
  Milan: 'IT',
  Munich: 'DE',
  Oslo: 'NO',
  Paris: 'FR',
  Rouen: 'FR',
  Stockholm: 'SE',
  'Tel Aviv': 'IL',
  Vienna: 'AT',
  Warsaw: 'PL',
  Zurich: 'CH',
  // Americas
  Atlanta: 'US',
  Bogota: 'CO',
  Boston: 'US',
  'Buenos Aires': 'AR',
  Chicago: 'US',
  Dallas: 'US',
  Denver: 'US',
  'Los Angeles': 'US',
  'Mexico City': 'MX',
  Miami: 'US',
  Montreal: 'CA',
  'New York': 'US',
  'Nuevo Laredo': 'MX',
  'Rio de Janeiro': 'BR',
  'San Francisco': 'US',
  Santiago: 'CL',
  'Sao Paulo': 'BR',
  Seattle: 'US',
  Toronto: 'CA',
  Vancouver: 'CA',
  'Washington DC': 'US',
  // APAC
  Auckland: 'NZ',
  Beijing: 'CN',
  Canberra: 'AU',
  Chennai: 'IN',
  'Hong Kong': 'HK',
  Hyderabad: 'IN',
  Kolkata: 'IN',
  'Kuala Lumpur': 'MY',
  Melbourne: 'AU',
  Mumbai: 'IN',
  'New Delhi': 'IN',
  Osaka: 'JP',
  Perth: 'AU',
  Seoul: 'KR',
  Shanghai: 'CN',
  Singapore: 'SG',
  Sydney: 'AU',
  Taipei: 'TW',
  Tokyo: 'JP',
}

/**
 * Known errors in the list, corrected here rather than in the file so the file stays a verbatim
 * copy. 'Milan IV' carries coordinates in Malaysia; it gets Milan's (those of 'Milan III').
 */
const COORDINATE_CORRECTIONS: Record<string, { latitude: number; longitude: number }> = {
  'Milan IV': { latitude: 45.468503, longitude: 9.182403 },
}

/**
 * The city of a data-center name: the name without a trailing roman numeral.
 * @example cityOf('Amsterdam II') // 'Amsterdam'
 * @example cityOf('Washington DC IV') // 'Washington DC'
 * @example cityOf('Zurich') // 'Zurich'
 */
export function cityOf(name: string): string {
  return name.replace(ROMAN_SUFFIX, '')
}

function toDegrees(value: unknown, what: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN
  if (!Number.isFinite(n)) throw new Error(`Data-center list: ${what} is not a number: ${JSON.stringify(value)}`)
  return n
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Parses the data-center list (the JSON shape described above) into one seed row per city, in
 * file order. A city listed under several cloud names is taken once (first occurrence).
 *
 * @throws When the shape is not as described, a coordinate is not a number, the entries of one
 *   city disagree on their coordinates, or a city has no entry in the country table.
 */
export function parseDataCenterList(list: unknown): DataCenterSeed[] {
  if (!isRecord(list)) throw new Error('Data-center list: expected an object of clouds')
  const byName = new Map<string, DataCenterSeed>()
  for (const continents of Object.values(list)) {
    if (!isRecord(continents)) throw new Error('Data-center list: expected an object of continents')
    for (const [continentKey, cities] of Object.entries(continents)) {
      if (!continentKey.startsWith(CONTINENT_PREFIX) || !isRecord(cities)) {
        throw new Error(`Data-center list: unexpected continent entry ${JSON.stringify(continentKey)}`)
      }
      const region = continentKey.slice(CONTINENT_PREFIX.length).trim()
      for (const [cityKey, entries] of Object.entries(cities)) {
        if (!cityKey.startsWith(CITY_PREFIX) || !Array.isArray(entries) || entries.length === 0) {
          throw new Error(`Data-center list: unexpected city entry ${JSON.stringify(cityKey)}`)
        }
        const name = cityKey.slice(CITY_PREFIX.length).trim()
        if (byName.has(name)) continue
        const points = entries.map((entry: unknown, i) => {
          if (!isRecord(entry)) throw new Error(`Data-center list: ${name} entry ${i} is not an object`)
          return {
            latitude: toDegrees(entry.latitude, `${name} latitude`),
            longitude: toDegrees(entry.longitude, `${name} longitude`),
          }
        })
        const [first] = points
        if (points.some((p) => Math.abs(p.latitude - first.latitude) > 0.01 || Math.abs(p.longitude - first.longitude) > 0.01)) {
          throw new Error(`Data-center list: the entries of ${name} disagree on their coordinates`)
        }
        const city = cityOf(name)
        const country = COUNTRY_OF_CITY[city]
        if (!country) throw new Error(`Data-center list: no country known for the city ${JSON.stringify(city)}`)
        const { latitude, longitude } = COORDINATE_CORRECTIONS[name] ?? first
        byName.set(name, { index: byName.size, name, city, country, region, latitude, longitude })
      }
    }
  }
  return [...byName.values()]
}

/**
 * Reads and parses the data-center list shipped with the seed.
 * @param file Defaults to {@link DATA_CENTER_FILE}.
 * @throws See {@link parseDataCenterList}; also when the file is missing or not JSON.
 */
export function loadDataCenters(file: URL | string = DATA_CENTER_FILE): DataCenterSeed[] {
  return parseDataCenterList(JSON.parse(readFileSync(file, 'utf8')))
}
