/**
 * The server-side request forgery guard of webhook endpoints: a user-supplied URL must not make
 * this server reach its own machine, its private network or a cloud metadata service.
 *
 * Checked when an endpoint is added and again before every delivery (DNS answers change):
 * - the URL is absolute `https://` (`http://` too outside production), without user name or
 *   password;
 * - its host (an address literal, or every address a DNS lookup returns) is a public unicast
 *   address: refused are loopback (127.0.0.0/8, ::1), "this network" 0.0.0.0/8 and ::, private
 *   (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16 — the metadata address
 *   169.254.169.254 among them — and fe80::/10), carrier-grade NAT 100.64/10 (Alibaba's metadata
 *   100.100.100.200), the IETF and documentation blocks, benchmarking 198.18/15, multicast and
 *   reserved (224/4, 240/4, ff00::/8), site-local fec0::/10, discard 100::/64, and IPv6 forms that
 *   carry an IPv4 address (mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16, compatible
 *   ::/96) when the IPv4 address is refused;
 * - the connection is then pinned to the checked address ({@link pinnedLookup}), so a DNS answer
 *   that changes between the check and the connection (rebinding) cannot redirect it.
 *
 * Test mode (`WEBHOOK_ALLOW_LOOPBACK=1`, never with `NODE_ENV=production`) allows `http://` and
 * loopback receivers (127.0.0.0/8, ::1), nothing else.
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP, type LookupFunction } from 'node:net'

/** One address of a host. */
export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** Resolves a host name into all its addresses (default: `dns.lookup`, as connections do). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

/** What the guard allows. */
export interface WebhookUrlPolicy {
  /** Production: `https://` only. */
  httpsOnly: boolean
  /** Test mode: `http://` and loopback receivers are allowed. */
  allowLoopback: boolean
  /** Resolves host names; tests inject one. */
  resolve?: Resolver
}

/** A URL that passed the guard, with the address to connect to. */
export interface CheckedUrl {
  url: URL
  /** The host without IPv6 brackets. */
  host: string
  /** The checked address the connection must use. */
  address: ResolvedAddress
}

/** Why a URL is refused: `code` is the API's error code, `message` a sentence for the user. */
export class WebhookUrlError extends Error {
  constructor(
    readonly code: 'invalid_url' | 'not_https' | 'forbidden_address' | 'unresolvable_host',
    message: string,
  ) {
    super(message)
    this.name = 'WebhookUrlError'
  }
}

/** The system resolver: every address, in the resolver's order. */
export const systemResolver: Resolver = async (hostname) => {
  const all = await dnsLookup(hostname, { all: true, verbatim: true })
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }))
}

/** An IPv4 address as an unsigned 32-bit number, or null. */
function ipv4Number(address: string): number | null {
  if (isIP(address) !== 4) return null
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0)
}

/** An IPv6 address as a 128-bit bigint, or null (accepts embedded dotted IPv4 and a zone id). */
function ipv6Number(address: string): bigint | null {
  const plain = address.replace(/%.*$/, '')
  if (isIP(plain) !== 6) return null
  let text = plain
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const v4 = ipv4Number(dotted[1])
    if (v4 === null) return null
    text = `${text.slice(0, -dotted[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined]
  const headParts = head ? head.split(':') : []
  const tailParts = tail ? tail.split(':') : []
  const missing = 8 - headParts.length - tailParts.length
  const groups = tail === undefined ? headParts : [...headParts, ...Array<string>(missing).fill('0'), ...tailParts]
  if (groups.length !== 8) return null
  return groups.reduce((n, g) => (n << 16n) | BigInt(Number.parseInt(g || '0', 16)), 0n)
}

/** IPv4 blocks refused, with the reason shown to users. */
const V4_BLOCKS: ReadonlyArray<[string, number, string]> = [
  ['0.0.0.0', 8, '"this network"'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved (6to4 relay)'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
]

/** IPv6 blocks refused outright. */
const V6_BLOCKS: ReadonlyArray<[string, number, string]> = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['64:ff9b:1::', 48, 'local-use NAT64'],
  ['100::', 64, 'discard-only'],
  ['2001:db8::', 32, 'documentation'],
  ['fc00::', 7, 'private (unique local)'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
]

const inV4 = (n: number, base: string, bits: number) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0
  return (n & mask) >>> 0 === ((ipv4Number(base) ?? 0) & mask) >>> 0
}

const inV6 = (n: bigint, base: string, bits: number) => {
  const shift = BigInt(128 - bits)
  return n >> shift === (ipv6Number(base) ?? 0n) >> shift
}

/** The IPv4 address an IPv6 address carries (mapped, NAT64, compatible, 6to4), or null. */
function embeddedV4(n: bigint): string | null {
  const v4 = (x: bigint) => [24n, 16n, 8n, 0n].map((s) => Number((x >> s) & 0xffn)).join('.')
  if (inV6(n, '::ffff:0:0', 96) || inV6(n, '64:ff9b::', 96) || inV6(n, '::', 96)) return v4(n & 0xffffffffn)
  if (inV6(n, '2002::', 16)) return v4((n >> 80n) & 0xffffffffn)
  return null
}

/**
 * Why `address` may not be reached (`'private'`, `'loopback'`, …), or null for a public address.
 * `'loopback'` is the only reason test mode overrides.
 */
export function forbiddenReason(address: string): string | null {
  const v4 = ipv4Number(address)
  if (v4 !== null) return V4_BLOCKS.find(([base, bits]) => inV4(v4, base, bits))?.[2] ?? null
  const v6 = ipv6Number(address)
  if (v6 === null) return 'not an IP address'
  const blocked = V6_BLOCKS.find(([base, bits]) => inV6(v6, base, bits))
  if (blocked) return blocked[2]
  const inner = embeddedV4(v6)
  return inner === null ? null : forbiddenReason(inner)
}

/** Whether the policy allows `address`. */
function allowed(address: string, policy: WebhookUrlPolicy): { ok: true } | { ok: false; reason: string } {
  const reason = forbiddenReason(address)
  if (reason === null || (policy.allowLoopback && reason === 'loopback')) return { ok: true }
  return { ok: false, reason }
}

/**
 * Parses and checks an endpoint URL without resolving it (the part of {@link checkWebhookUrl}
 * that needs no network).
 * @throws WebhookUrlError `invalid_url` | `not_https`.
 */
export function parseWebhookUrl(raw: string, policy: WebhookUrlPolicy): URL {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    throw new WebhookUrlError('invalid_url', 'Enter an absolute URL, such as https://example.com/hooks/trust.')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new WebhookUrlError('invalid_url', 'Enter an absolute URL, such as https://example.com/hooks/trust.')
  }
  if (url.protocol === 'http:' && policy.httpsOnly && !policy.allowLoopback) {
    throw new WebhookUrlError('not_https', 'Webhook URLs must use https://.')
  }
  if (url.username || url.password) {
    throw new WebhookUrlError('invalid_url', 'A webhook URL may not contain a user name or password.')
  }
  if (!url.hostname) throw new WebhookUrlError('invalid_url', 'The URL has no host.')
  url.hash = ''
  return url
}

/**
 * Checks `raw` against `policy` (see the module comment): parses it, resolves its host (every
 * address must be allowed) and returns the address to connect to.
 * @throws WebhookUrlError with a message for the user.
 */
export async function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy): Promise<CheckedUrl> {
  const url = parseWebhookUrl(raw, policy)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: ResolvedAddress[]
  const literal = isIP(host)
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }]
  else {
    try {
      addresses = await (policy.resolve ?? systemResolver)(host)
    } catch {
      addresses = []
    }
    if (addresses.length === 0) throw new WebhookUrlError('unresolvable_host', `The host ${host} could not be resolved.`)
  }
  for (const { address } of addresses) {
    const verdict = allowed(address, policy)
    if (!verdict.ok) {
      throw new WebhookUrlError(
        'forbidden_address',
        `${host === address ? address : `${host} resolves to ${address}, which`} is not a public address (${verdict.reason}): webhooks may only reach public addresses on the internet.`,
      )
    }
  }
  return { url, host, address: addresses[0] }
}

/**
 * A `lookup` for `http.request` / `net.connect` that answers the checked address whatever the
 * host name, so the connection goes where the guard looked (no second DNS query to rebind).
 */
export function pinnedLookup(address: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: address.address, family: address.family }])
    else callback(null, address.address, address.family)
  }) as LookupFunction
}
