/**
 * Pure geometry and grouping of the data center map (docs/requirements/screens.md#data-center-map, docs/requirements/entities.md#data-center
 * (map), docs/requirements/constants.md#map). No DOM here: the functions are unit-tested on the real data-center list.
 */
import { geoRobinsonRaw } from 'd3-geo-projection'
import type { MapDataCenter } from '../../contract/global'
import type { Locale } from '../../contract/locale'
import { dcMapMessages } from './messages'

/** A point in svgmap's world SVG, in SVG units (viewBox `0 0 2000 1001`, y pointing down). */
export interface SvgPoint {
  x: number
  y: number
}

/** svgmap's world viewBox, SVG units. */
export const VIEWBOX = { width: 2000, height: 1001 } as const

/**
 * Where svgmap 2.21's world drawing puts the Robinson plane: `x = x0 + scale · X`,
 * `y = y0 − scale · Y`, with `[X, Y]` from d3's `geoRobinsonRaw` (which already carries
 * Robinson's 0.8487 and 1.3523 factors; `scale` = 0.8487 · R with R ≈ 379.4).
 *
 * Fitted by least squares to the bounding boxes of 30 small countries' paths in Chromium
 * (RMS 0.52 SVG units, most of it the drawing's simplified coastlines), then checked with
 * `isPointInFill` against all 95 cities of the real data-center list: 89 fall inside their
 * country; the other 6 are coastal cities no more than 0.25 SVG units off the drawn coast.
 * The map has no Antarctica and is cropped: latitudes south of about 59°S fall below the
 * viewBox and longitudes west of about 174°W (at the equator) left of it.
 */
export const ROBINSON_FIT = { x0: 976.65, y0: 572.06, scale: 322.0 } as const

const RADIANS = Math.PI / 180

/**
 * Projects a WGS84 position onto svgmap's world SVG (Robinson).
 *
 * @param lat latitude in degrees, −90…90 (clamped)
 * @param lon longitude in degrees; values outside −180…180 are wrapped
 * @returns the point in SVG units of the 2000 × 1001 viewBox
 * @example project(52.37, 4.90) // ≈ { x: 1000.2, y: 240.7 } — Amsterdam
 */
export function project(lat: number, lon: number): SvgPoint {
  const phi = Math.max(-90, Math.min(90, lat)) * RADIANS
  const lambda = wrapLongitude(lon) * RADIANS
  const [x, y] = geoRobinsonRaw(lambda, phi)
  return { x: ROBINSON_FIT.x0 + ROBINSON_FIT.scale * x, y: ROBINSON_FIT.y0 - ROBINSON_FIT.scale * y }
}

/** Wraps a longitude in degrees into −180…180. */
function wrapLongitude(lon: number): number {
  if (lon >= -180 && lon <= 180) return lon
  return ((((lon + 180) % 360) + 360) % 360) - 180
}

/** How a marker looks: one kind per marker (docs/requirements/constants.md#map: "colours for normal, regional surcharge, premium and multiple"). */
export type MarkerKind = 'normal' | 'surcharge' | 'premium' | 'multiple'

/** One marker on the map: one data center, or several close together (docs/requirements/constants.md). */
export interface MapMarker {
  /** Stable key built from the member names. */
  id: string
  /** Latitude and longitude of the marker in degrees: the mean of its members' coordinates. */
  lat: number
  lon: number
  /** Position in svgmap's world SVG, SVG units (see {@link project}). */
  x: number
  y: number
  kind: MarkerKind
  /** The data centers the marker stands for, in input order. */
  datacenters: MapDataCenter[]
  /** Accessible name, e.g. '2 data centers: Amsterdam II, Amsterdam III'. */
  label: string
}

/** Options of {@link mergeMarkers} and {@link legendEntries}. */
export interface VariantOptions {
  /** The government variant: premium data centers count as normal ones (docs/requirements/product.md Variants). */
  isGov: boolean
  /** The language of the labels. @default 'en' */
  locale?: Locale
}

/**
 * Data centers whose rounded coordinates are at most this far apart, in degrees, on both
 * latitude and longitude, share a marker (docs/requirements/constants.md#map: "within 0.5 degrees").
 */
export const MERGE_DISTANCE_DEG = 0.5

/** Tenths of a degree: rounding to 1 decimal (docs/requirements/constants.md) kept as an integer, so 51.9 and 52.4 compare exactly. */
function tenths(deg: number): number {
  return Math.round(deg * 10)
}

const MERGE_TENTHS = Math.round(MERGE_DISTANCE_DEG * 10)

/** Whether two data centers are close enough to share a marker (both axes, antimeridian-aware). */
function isNear(a: { lat: number; lon: number }, b: { lat: number; lon: number }): boolean {
  const dLon = Math.abs(a.lon - b.lon)
  return Math.abs(a.lat - b.lat) <= MERGE_TENTHS && Math.min(dLon, 3600 - dLon) <= MERGE_TENTHS
}

/**
 * The kind of a marker standing for `members` (docs/requirements/constants.md#map): `'multiple'` for more than one
 * data center; otherwise `'premium'` when `premium_dc` is 1 (never on the government variant,
 * where a premium data center shows as a normal one), else `'surcharge'` when
 * `regional_surcharge` is 1, else `'normal'`.
 */
export function markerKind(members: readonly MapDataCenter[], { isGov }: VariantOptions): MarkerKind {
  if (members.length > 1) return 'multiple'
  const [dc] = members
  if (dc?.premium_dc === 1 && !isGov) return 'premium'
  if (dc?.regional_surcharge === 1) return 'surcharge'
  return 'normal'
}

/** The message naming a single data center of each kind in labels. */
const SINGLE_NOUN = { normal: 'isDc', surcharge: 'isSurcharge', premium: 'isPremium' } as const

/**
 * The accessible name of a marker in `locale`: its data centers' names, then what they are.
 * @example markerLabel(amsterdam) // '2 data centers: Amsterdam II, Amsterdam III'
 * @example markerLabel(dubai) // 'Dubai I (data center with regional surcharge)'
 */
export function markerLabel(members: readonly MapDataCenter[], kind: MarkerKind, locale: Locale = 'en'): string {
  const t = dcMapMessages.in(locale).get()
  const names = members.map((dc) => dc.name).join(', ')
  // The count is the marker's visible text, so it leads the name outside parentheses (WCAG 2.5.3 Label in Name).
  return kind === 'multiple' ? `${t.dcs(members.length)}: ${names}` : `${names} (${t[SINGLE_NOUN[kind]]})`
}

/**
 * Groups data centers into map markers (docs/requirements/constants.md#map).
 *
 * Latitude and longitude are rounded to 1 decimal; two data centers are *near* when their
 * rounded latitudes and rounded longitudes each differ by at most {@link MERGE_DISTANCE_DEG}
 * (0.5° merges, 0.6° does not; longitudes compare across the antimeridian). Markers are the
 * connected groups of that relation (single-linkage clustering), so grouping is transitive —
 * if A is near B and B near C, all three share one marker even when A and C are 1° apart — and
 * independent of input order. Markers come out in the input order of their first member,
 * members in input order. A marker sits at the mean of its members' unrounded coordinates.
 *
 * @param datacenters data centers in degrees (WGS84); non-finite coordinates are skipped
 * @param options the variant, and the locale of the labels
 * @returns one {@link MapMarker} per group, with kind, SVG position and accessible label
 * @example mergeMarkers([amsterdam2, amsterdam3, paris2], { isGov: false }).length // 2
 */
export function mergeMarkers(datacenters: readonly MapDataCenter[], options: VariantOptions): MapMarker[] {
  const points = datacenters
    .filter((dc) => Number.isFinite(dc.latitude) && Number.isFinite(dc.longitude))
    .map((dc) => ({ dc, lat: tenths(dc.latitude), lon: tenths(wrapLongitude(dc.longitude)) }))

  // Union-find over all pairs: n is about a hundred, so O(n²) is a few thousand comparisons.
  const parent = points.map((_, i) => i)
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]]
    return i
  }
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      if (!isNear(points[i], points[j])) continue
      const a = find(i)
      const b = find(j)
      // The smaller index stays the root, so a group is keyed by its first member.
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b)
    }
  }

  const groups = new Map<number, MapDataCenter[]>()
  points.forEach((p, i) => {
    const root = find(i)
    const group = groups.get(root)
    if (group) group.push(p.dc)
    else groups.set(root, [p.dc])
  })

  return [...groups.values()].map((members) => {
    const { lat, lon } = meanPosition(members)
    const kind = markerKind(members, options)
    return {
      id: members.map((dc) => dc.name).join('|'),
      lat,
      lon,
      ...project(lat, lon),
      kind,
      datacenters: members,
      label: markerLabel(members, kind, options.locale),
    }
  })
}

/** Mean of the members' coordinates; longitudes are unwrapped around the first member first. */
function meanPosition(members: readonly MapDataCenter[]): { lat: number; lon: number } {
  const ref = wrapLongitude(members[0].longitude)
  let lat = 0
  let lon = 0
  for (const dc of members) {
    let l = wrapLongitude(dc.longitude)
    if (l - ref > 180) l -= 360
    else if (ref - l > 180) l += 360
    lat += dc.latitude
    lon += l
  }
  return { lat: lat / members.length, lon: wrapLongitude(lon / members.length) }
}

/** One line of the legend. */
export interface LegendEntry {
  kind: MarkerKind
  /** The text shown next to the symbol (status is never told by colour alone). */
  label: string
}

/** Legend order, and the message of each kind. */
const LEGEND = { normal: 'dc', surcharge: 'surcharge', premium: 'premiumDc', multiple: 'multiple' } as const

/**
 * Legend entries for the kinds that occur among `markers`, in a fixed order (normal, regional
 * surcharge, premium, multiple), labelled in `locale`. Premium is never listed on the government
 * variant (docs/requirements/product.md Variants, docs/requirements/screens.md#cloud-status-page status "premium legend is omitted on the government variant").
 */
export function legendEntries(markers: readonly Pick<MapMarker, 'kind'>[], { isGov, locale = 'en' }: VariantOptions): LegendEntry[] {
  const present = new Set(markers.map((m) => m.kind))
  const t = dcMapMessages.in(locale).get()
  return (Object.keys(LEGEND) as MarkerKind[])
    .filter((kind) => present.has(kind) && !(isGov && kind === 'premium'))
    .map((kind) => ({ kind, label: t[LEGEND[kind]] }))
}

/**
 * The symbol of each kind as an SVG path around (0, 0), in CSS px at any zoom: circle for
 * normal, diamond for regional surcharge, triangle for premium, a larger circle (with the count
 * written on it) for several data centers. Shape and text, not colour alone, tell them apart.
 */
export const MARKER_SHAPES: Readonly<Record<MarkerKind, string>> = {
  normal: circlePath(6),
  surcharge: 'M0 -8L8 0L0 8L-8 0Z',
  premium: 'M0 -8L7.5 6L-7.5 6Z',
  multiple: circlePath(10),
}

function circlePath(r: number): string {
  return `M${-r} 0A${r} ${r} 0 1 0 ${r} 0A${r} ${r} 0 1 0 ${-r} 0Z`
}

/** A rectangle in CSS px. */
export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** Where {@link placeTooltip} put the tooltip, in CSS px relative to the frame. */
export interface TooltipPlacement {
  left: number
  top: number
  side: 'top' | 'bottom'
}

/**
 * Places a tooltip of `size` next to `anchor` inside a frame of `frame` size (all CSS px,
 * anchor relative to the frame): centred above the anchor, below it when there is no room
 * above, and shifted sideways to stay `padding` px inside the frame.
 *
 * @param gap distance between anchor and tooltip. @default 8
 * @param padding minimum distance to the frame's edges. @default 8
 */
export function placeTooltip(
  anchor: Box,
  size: { width: number; height: number },
  frame: { width: number; height: number },
  gap = 8,
  padding = 8,
): TooltipPlacement {
  const centred = anchor.x + anchor.width / 2 - size.width / 2
  const left = Math.max(padding, Math.min(centred, frame.width - size.width - padding))
  const above = anchor.y - gap - size.height
  if (above >= padding) return { left, top: above, side: 'top' }
  return { left, top: anchor.y + anchor.height + gap, side: 'bottom' }
}
