/**
 * The name the site goes by where it names itself — the From of its mail, the account mails' text,
 * the feeds, the Statuspage API's `page.name`, page titles: the vendor's name from the settings
 * (`settings.vendor`) followed by "Trust", as the header shows it. A site whose vendor name is not
 * set yet goes by its host (the host of `PUBLIC_URL`, or of the page's address), never by the
 * demo vendor's name; without a host either (development) it is {@link UNNAMED_SITE}.
 */

/** The name of a site that has neither a vendor name nor a known host. */
export const UNNAMED_SITE = 'Trust site'

/**
 * The host name of an origin or URL (no port), `''` when `origin` is empty or not a URL.
 * @example originHost('https://status.nimbus.example:8443') // 'status.nimbus.example'
 */
export function originHost(origin: string | null | undefined): string {
  if (!origin) return ''
  try {
    return new URL(origin).hostname
  } catch {
    return ''
  }
}

/**
 * The site's name: `'{vendor} Trust'`; without a vendor name (empty or blank) the host; without
 * either {@link UNNAMED_SITE}.
 *
 * @param vendor `settings.vendor` (`/api/global` `links.vendor`), `''` when not set
 * @param host the site's host name, e.g. from {@link originHost}
 * @example siteName('Nimbus Security', 'status.nimbus.example') // 'Nimbus Security Trust'
 * @example siteName('', 'status.nimbus.example') // 'status.nimbus.example'
 */
export function siteName(vendor: string | null | undefined, host?: string | null): string {
  const name = vendor?.trim()
  if (name) return `${name} Trust`
  return host?.trim() || UNNAMED_SITE
}
