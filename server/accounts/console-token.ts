/**
 * Console tokens (docs/embedding.md#console-tokens, docs/operating/console-tokens.md): short-lived
 * JWTs a vendor's product console signs so that a widget embedded in it shows one customer's
 * private components and records beside the public status.
 *
 * A read of a public route (`config.publicApi`, `server/http/public-api.ts`) carrying
 * `Authorization: Bearer <jwt>` is verified here with `jose` before the route runs:
 * - algorithms ES256 and EdDSA only (HS256, RS256, `none`… are refused);
 * - `exp` and `iat` required, `exp - iat` at most {@link MAX_TOKEN_LIFETIME_SECONDS} (15 minutes);
 * - `aud` = the Settings' audience, else the origin of `PUBLIC_URL` (development: the request's own origin);
 * - `iss` = the Settings' issuer;
 * - 60 s of clock skew tolerated ({@link CLOCK_TOLERANCE_SECONDS}) on `exp`, `nbf` and `iat`;
 * - the key comes from the console's JWKS URL (`createRemoteJWKSet`: cached, fetched again for an
 *   unknown `kid`, so a rotated key is accepted at once) or a PEM (SPKI) / JWK public key in Settings;
 * - the `groups` claim (array of customer groups) or the `tenant` claim (one group) names the
 *   viewer's customer groups (short machine names such as `acme`; other values are ignored).
 *
 * A verified token gives the request its groups ({@link tenantGroupsOf}); a refused one gives none
 * and the answer carries `Trust-Token-Problem: <English sentence>` ({@link TOKEN_PROBLEM_HEADER}),
 * otherwise it is exactly the public answer. A value starting with `trust_` is an API key
 * (`./api-keys.ts`), never a console token, and is left alone. Caching of token-bearing answers
 * (`private, no-store`, `Vary: Authorization`, never in the response cache) is the HTTP policies'
 * (`server/http/public-api.ts`, `server/http/response-cache.ts`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import {
  type CryptoKey,
  createRemoteJWKSet,
  errors,
  importJWK,
  importSPKI,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
  type KeyObject,
} from 'jose'
import type { Database } from '../db/schema.js'
import { readSettings, SETTING } from '../repo/settings.js'

/** The algorithms a console may sign with. */
export const CONSOLE_TOKEN_ALGORITHMS = ['ES256', 'EdDSA'] as const

/** Longest accepted lifetime of a token, `exp - iat`, seconds: 15 minutes. */
export const MAX_TOKEN_LIFETIME_SECONDS = 15 * 60

/** Clock skew tolerated between the console and this site, seconds. */
export const CLOCK_TOLERANCE_SECONDS = 60

/** The response header that says, in English, why a console token was refused (exposed by CORS). */
export const TOKEN_PROBLEM_HEADER = 'Trust-Token-Problem'

/** Default least time between two fetches of a JWKS for an unknown key id, ms (jose's default). */
export const DEFAULT_JWKS_COOLDOWN_MS = 30_000

/** A customer group as the catalogue writes it (`contract/catalog.ts` PrivateTo). */
const CUSTOMER_GROUP = /^[a-z][a-z0-9_-]{0,63}$/

/** Most customer groups taken from one token. */
const MAX_GROUPS = 100

/** How the site verifies console tokens: the "Console tokens" settings. */
export interface ConsoleTokenSettings {
  /** Expected `iss`; without it tokens are refused (not configured). */
  issuer: string
  /** Expected `aud`. */
  audience: string
  /** The console's JWKS URL, if keys come from there. */
  jwksUrl?: string
  /** A PEM (SPKI) or JWK (JSON) public key, if no JWKS URL is set. */
  publicKey?: string
}

/** The outcome of a verification: the token's customer groups, or why it was refused. */
export type TokenVerdict = { groups: readonly string[] } | { problem: string }

const NO_GROUPS: readonly string[] = Object.freeze([])

/** Customer groups of requests whose console token was verified. */
const verifiedGroups = new WeakMap<FastifyRequest, readonly string[]>()

/**
 * The customer groups (short machine names, e.g. `acme`) of the request's verified console token;
 * `[]` for anonymous visitors, API-key requests and refused tokens. Never throws.
 */
export function tenantGroupsOf(request: FastifyRequest): readonly string[] {
  return verifiedGroups.get(request) ?? NO_GROUPS
}

/** The console token of an `Authorization` header: a Bearer value that is not an API key (`trust_…`). */
export function bearerConsoleToken(authorization: string | string[] | undefined): string | undefined {
  if (typeof authorization !== 'string') return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
  if (!match || match[1].startsWith('trust_')) return undefined
  return match[1]
}

/** The customer groups a verified payload names (`groups` array, else `tenant`), valid names only. */
export function groupsOfClaims(payload: JWTPayload): string[] {
  const raw = Array.isArray(payload.groups) ? payload.groups : typeof payload.tenant === 'string' ? [payload.tenant] : []
  const groups = raw.filter((g): g is string => typeof g === 'string' && CUSTOMER_GROUP.test(g))
  return [...new Set(groups)].slice(0, MAX_GROUPS)
}

/** Makes a one-line, ASCII header value of a sentence (quotes and control characters replaced). */
function headerSafe(sentence: string): string {
  return sentence.replace(/[^\x20-\x7e]/g, '?').slice(0, 300)
}

/** Why jose refused a token, in words a console developer can act on. */
export function problemOf(error: unknown, expected: ConsoleTokenSettings): string {
  if (error instanceof errors.JWTExpired) {
    const exp = typeof error.payload.exp === 'number' ? ` at ${new Date(error.payload.exp * 1000).toISOString()}` : ''
    return `The console token expired${exp}; ask the console for a fresh one.`
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return `The console token is for another audience; this site accepts tokens for "${expected.audience}".`
    if (error.claim === 'iss') return `The console token was issued by another issuer; this site accepts tokens from "${expected.issuer}".`
    if (error.claim === 'exp' || error.claim === 'iat') {
      return `The console token has no valid "${error.claim}" claim; tokens need "iat" and "exp" at most 15 minutes apart.`
    }
    if (error.claim === 'nbf') return 'The console token is not valid yet ("nbf" is in the future); check the console clock.'
    return `The console token's "${error.claim}" claim is not acceptable (${error.reason}).`
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return `The console token is signed with an algorithm this site does not accept; sign with ${CONSOLE_TOKEN_ALGORITHMS.join(' or ')}.`
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    return 'The console token is signed with a key the console key set does not list (unknown key id); publish the key in the JWKS.'
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return 'The console token signature does not match the console key; it was signed with another key.'
  }
  if (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    (error instanceof Error && /fetch|JSON Web Key Set/i.test(error.message))
  ) {
    return `The console key set could not be read from ${expected.jwksUrl ?? 'the JWKS URL'}; check the JWKS URL in Settings.`
  }
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) {
    return 'The console token is not a well-formed signed JWT (three base64url parts with a JSON header and payload).'
  }
  if (error instanceof errors.JOSENotSupported) {
    return `The console token uses a key or algorithm this site does not support; sign with ${CONSOLE_TOKEN_ALGORITHMS.join(' or ')}.`
  }
  return 'The console token could not be verified.'
}

/** Parses the public key setting: a JWK as JSON, else a PEM SPKI block. */
async function importPublicKey(text: string): Promise<CryptoKey | KeyObject | Uint8Array | JWTVerifyGetKey> {
  const trimmed = text.trim()
  if (trimmed.startsWith('{')) {
    const jwk = JSON.parse(trimmed) as JWK
    // The algorithm follows the key type: EC P-256 → ES256, OKP Ed25519 → EdDSA.
    const alg = jwk.alg ?? (jwk.kty === 'OKP' ? 'EdDSA' : 'ES256')
    return importJWK(jwk, alg)
  }
  // A PEM key fits either algorithm's key type; try the one it holds.
  try {
    return await importSPKI(trimmed, 'ES256')
  } catch {
    return importSPKI(trimmed, 'EdDSA')
  }
}

/** Verifies console tokens against settings; keeps one remote key set per JWKS URL. */
export interface ConsoleTokenVerifier {
  verify(token: string, settings: ConsoleTokenSettings | string): Promise<TokenVerdict>
}

/**
 * Creates a verifier. Remote key sets are kept per URL (jose caches their keys for 10 minutes and
 * fetches again, at most once per `jwksCooldownMs`, when a token names an unknown key id).
 *
 * @param options.now the clock tokens are checked against (default the system clock)
 * @param options.jwksCooldownMs least time between two fetches of a key set for unknown key ids, ms
 *   (default {@link DEFAULT_JWKS_COOLDOWN_MS})
 */
export function createConsoleTokenVerifier(options: { now?: () => Date; jwksCooldownMs?: number } = {}): ConsoleTokenVerifier {
  const now = options.now ?? (() => new Date())
  const remote = new Map<string, JWTVerifyGetKey>()
  const imported = new Map<string, Promise<Awaited<ReturnType<typeof importPublicKey>>>>()
  const keyOf = (settings: ConsoleTokenSettings) => {
    if (settings.jwksUrl) {
      let set = remote.get(settings.jwksUrl)
      if (!set) {
        if (remote.size >= 8) remote.clear()
        set = createRemoteJWKSet(new URL(settings.jwksUrl), {
          cooldownDuration: options.jwksCooldownMs ?? DEFAULT_JWKS_COOLDOWN_MS,
          timeoutDuration: 5_000,
        })
        remote.set(settings.jwksUrl, set)
      }
      return set
    }
    const text = settings.publicKey ?? ''
    let key = imported.get(text)
    if (!key) {
      if (imported.size >= 8) imported.clear()
      key = importPublicKey(text)
      imported.set(text, key)
    }
    return key
  }
  return {
    async verify(token, settings) {
      if (typeof settings === 'string') return { problem: settings }
      let key: Awaited<ReturnType<typeof keyOf>>
      try {
        key = await keyOf(settings)
      } catch {
        return { problem: 'The console public key in Settings is not a PEM (SPKI) or JWK public key for ES256 or EdDSA.' }
      }
      try {
        const { payload } = await jwtVerify(token, key as JWTVerifyGetKey, {
          algorithms: [...CONSOLE_TOKEN_ALGORITHMS],
          audience: settings.audience,
          issuer: settings.issuer,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['exp', 'iat'],
          currentDate: now(),
        })
        const lifetime = (payload.exp ?? 0) - (payload.iat ?? 0)
        if (lifetime > MAX_TOKEN_LIFETIME_SECONDS) {
          return {
            problem: `The console token lives ${Math.round(lifetime / 60)} minutes from "iat" to "exp"; this site accepts at most 15 minutes.`,
          }
        }
        const groups = groupsOfClaims(payload)
        if (groups.length === 0) {
          return {
            problem:
              'The console token names no customer group: give a "groups" array or a "tenant" string of lower-case machine names such as acme.',
          }
        }
        return { groups }
      } catch (error) {
        return { problem: problemOf(error, settings) }
      }
    },
  }
}

/**
 * The "Console tokens" settings, or why tokens cannot be verified yet.
 *
 * @param fallbackAudience the audience when Settings name none: the origin of `PUBLIC_URL` (or,
 *   in development, the request's own origin)
 */
export async function consoleTokenSettings(db: Kysely<Database>, fallbackAudience: string): Promise<ConsoleTokenSettings | string> {
  const settings = await readSettings(db)
  const issuer = settings[SETTING.consoleTokenIssuer]?.trim()
  const jwksUrl = settings[SETTING.consoleTokenJwksUrl]?.trim() || undefined
  const publicKey = settings[SETTING.consoleTokenPublicKey]?.trim() || undefined
  if (!issuer || (!jwksUrl && !publicKey)) {
    return 'This site does not accept console tokens yet: its Settings name no console token issuer and key (JWKS URL or public key).'
  }
  return { issuer, audience: settings[SETTING.consoleTokenAudience]?.trim() || fallbackAudience, jwksUrl, publicKey }
}

/**
 * Installs the verification: an `onRequest` hook on reads (GET, HEAD) of public routes carrying a
 * console token. A refused token sets {@link TOKEN_PROBLEM_HEADER} and the request goes on anonymous.
 *
 * @param options.publicUrl `PUBLIC_URL` (its origin is the default audience), null in development
 */
export function registerConsoleTokens(
  app: FastifyInstance,
  options: { db: Kysely<Database>; publicUrl: string | null; now: () => Date; jwksCooldownMs?: number },
): void {
  const verifier = createConsoleTokenVerifier({ now: options.now, jwksCooldownMs: options.jwksCooldownMs })
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return
    if (!request.routeOptions.config?.publicApi) return
    const token = bearerConsoleToken(request.headers.authorization)
    if (token === undefined) return
    const audience = options.publicUrl ? new URL(options.publicUrl).origin : `${request.protocol}://${request.host}`
    const verdict = await verifier.verify(token, await consoleTokenSettings(options.db, audience))
    if ('groups' in verdict) verifiedGroups.set(request, verdict.groups)
    else reply.header(TOKEN_PROBLEM_HEADER, headerSafe(verdict.problem))
  })
}
