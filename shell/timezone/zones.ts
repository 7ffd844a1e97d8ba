/**
 * The zones a visitor can choose from: the settings page's list and the header's and footer's
 * picker (docs/languages-and-themes.md) share {@link timeZoneOptions}.
 */

let known: readonly string[] | undefined

/**
 * The zones of a select: 'UTC' first, then every IANA zone the platform knows. Read once per
 * page: the header's, the menu's and the footer's pickers and the settings page share the list.
 */
export function timeZoneOptions(): readonly string[] {
  if (!known) {
    const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] }
    const zones = intl.supportedValuesOf?.('timeZone') ?? []
    known = ['UTC', ...zones.filter((z) => z !== 'UTC')]
  }
  return known
}

/** The browser's own zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`); `undefined` when it names none. */
export function browserTimezone(): string | undefined {
  try {
    return new Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}

/** One option of the picker. */
export interface ZoneOption {
  /** IANA name. */
  value: string
  /** What the option says: the name, or "Your browser: {name}" for the browser's zone. */
  label: string
}

/**
 * The picker's options, each zone once: the browser's zone first ("Your browser: Europe/Berlin"),
 * then UTC (the spec's default), then the rest of `zones` in their order.
 *
 * @param browser the browser's zone, if known
 * @param zones every zone to offer @default timeZoneOptions()
 * @param browserLabel the browser zone's label in the page's language (docs/languages-and-themes.md) @default English
 * @example pickerOptions('Europe/Berlin', ['UTC', 'Asia/Tokyo', 'Europe/Berlin']).map((o) => o.label)
 *   // ['Your browser: Europe/Berlin', 'UTC', 'Asia/Tokyo']
 */
export function pickerOptions(
  browser: string | undefined,
  zones: readonly string[] = timeZoneOptions(),
  browserLabel: (zone: string) => string = (zone) => `Your browser: ${zone}`,
): ZoneOption[] {
  const first = browser ? [{ value: browser, label: browserLabel(browser) }] : []
  const rest = ['UTC', ...zones.filter((z) => z !== 'UTC')].filter((z) => z !== browser)
  return [...first, ...rest.map((z) => ({ value: z, label: z }))]
}

/**
 * `options` with `zone` in them: a zone shown that the list lacks (an alias such as
 * `Asia/Calcutta` saved in an account) is added after the first entries, so the select always
 * shows the current value. The same array when `zone` is there already.
 */
export function withZone(options: readonly ZoneOption[], zone: string): readonly ZoneOption[] {
  if (options.some((o) => o.value === zone)) return options
  const at = options.findIndex((o) => o.value === 'UTC') + 1
  return [...options.slice(0, at), { value: zone, label: zone }, ...options.slice(at)]
}

/**
 * A zone's short name for narrow places (the header's button): the place part of the IANA name
 * with spaces for underscores; `UTC` and other one-part names as they are.
 *
 * @example zonePlace('America/Argentina/Buenos_Aires') // 'Buenos Aires'
 * @example zonePlace('UTC') // 'UTC'
 */
export function zonePlace(zone: string): string {
  return (zone.split('/').pop() ?? zone).replace(/_/g, ' ')
}
