/**
 * API keys for machines (docs/operating/api-keys.md; shapes in `contract/api-keys.ts`; table
 * `api_keys`, migration 021).
 *
 * A key is `trust_` followed by 43 base64url characters (32 random bytes). Only its SHA-256 is
 * stored; `prefix` (its first 14 characters) lets people recognise it in lists and in the audit log.
 * A request carries it as `Authorization: Bearer {key}` or `Authorization: OAuth {key}` (the
 * scheme Statuspage's clients send); {@link requireApiKey} turns that into the key's identity or
 * refuses with a sentence that says what to do. Keys never look up or create a session.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { API_KEY_PREFIX, type ApiKeyState, type ApiKeySummary, type CreateApiKeyBody } from '../../contract/api-keys.js'
import { type Permission, permissionsOf } from '../../contract/permissions.js'
import type { Database } from '../db/schema.js'
import { HttpError } from '../http/errors.js'
import { sha256 } from './tokens.js'

/** Characters of a key kept as its `prefix`: `trust_` and 8 more. */
const PREFIX_LENGTH = API_KEY_PREFIX.length + 8

/** `last_used` is written at most this often per key, ms (a busy key does not write at every call). */
export const LAST_USED_RESOLUTION_MS = 60_000

const DAY_MS = 86_400_000

/** The key of a request that carries one: the calling machine, its role's permissions and its cloud. */
export interface ApiKeyIdentity {
  id: number
  name: string
  prefix: string
  role: string
  /** The one cloud it may act on, or null for every cloud. */
  cloudId: number | null
  permissions: ReadonlySet<Permission>
}

/** The state of a stored key at `now` (epoch ms). */
export function keyState(row: { revoked: number | null; expires: number }, now: number): ApiKeyState {
  if (row.revoked !== null) return 'revoked'
  return row.expires <= now ? 'expired' : 'active'
}

/**
 * Makes a key for `body` on behalf of the administrator `createdBy`, valid `body.lifetime_days`
 * from `now` (epoch ms). `cloudId` is the resolved `body.cloud` (null: every cloud).
 * @returns the key (to show once) and the new row's id.
 */
export async function createApiKey(
  db: Kysely<Database>,
  body: Pick<CreateApiKeyBody, 'name' | 'role' | 'lifetime_days'>,
  cloudId: number | null,
  createdBy: string,
  now: number,
): Promise<{ key: string; id: number }> {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
  const row = await db
    .insertInto('api_keys')
    .values({
      name: body.name.trim(),
      prefix: key.slice(0, PREFIX_LENGTH),
      key_hash: sha256(key),
      role: body.role,
      cloud_id: cloudId,
      created: now,
      created_by: createdBy,
      expires: now + body.lifetime_days * DAY_MS,
      last_used: null,
      revoked: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { key, id: row.id }
}

/** Every key (or the one `id`), newest first, as the console lists them at `now` (epoch ms). */
export async function listApiKeys(db: Kysely<Database>, now: number, id?: number): Promise<ApiKeySummary[]> {
  let query = db
    .selectFrom('api_keys')
    .leftJoin('clouds', 'clouds.id', 'api_keys.cloud_id')
    .select([
      'api_keys.id',
      'api_keys.name',
      'api_keys.prefix',
      'api_keys.role',
      'clouds.machine_name as cloud',
      'api_keys.created',
      'api_keys.created_by',
      'api_keys.expires',
      'api_keys.last_used',
      'api_keys.revoked',
    ])
    .orderBy('api_keys.id', 'desc')
  if (id !== undefined) query = query.where('api_keys.id', '=', id)
  const rows = await query.execute()
  return rows.map((r) => ({ ...r, cloud: r.cloud ?? null, state: keyState(r, now) }))
}

/** Revokes key `id` at `now`; a revoked key stays revoked. @returns false when there is no such key. */
export async function revokeApiKey(db: Kysely<Database>, id: number, now: number): Promise<boolean> {
  const row = await db.selectFrom('api_keys').select('revoked').where('id', '=', id).executeTakeFirst()
  if (!row) return false
  if (row.revoked === null) await db.updateTable('api_keys').set({ revoked: now }).where('id', '=', id).execute()
  return true
}

/** The words of the refusals (English; the API's clients are machines and the people reading their logs). */
export const API_KEY_TEXTS = {
  missing:
    'This call needs an API key. Send it as "Authorization: Bearer <key>"; an administrator makes keys in the admin console under API keys.',
  inQuery:
    'API keys are never accepted in the query string (it ends up in logs and browser histories). Send the key as "Authorization: Bearer <key>" and make a new key: this one may have leaked.',
  unknown: 'The API key is not valid. Check that it was copied whole, or ask an administrator for a new one (admin console, API keys).',
  revoked: (prefix: string, at: string) =>
    `The API key ${prefix}… was revoked on ${at}. Ask an administrator for a new one (admin console, API keys).`,
  expired: (prefix: string, at: string) =>
    `The API key ${prefix}… expired on ${at}. Ask an administrator for a new one (admin console, API keys).`,
  notPermitted: (role: string) => `The API key's role ${role} does not allow this call. Use a key made with a role that does.`,
  outOfScope: (cloud: string) => `The API key may act only on the cloud ${cloud}. Use a key made for this cloud, or for every cloud.`,
} as const

/** Query parameters a key must never travel in. */
const KEY_QUERY_NAMES = ['api_key', 'apikey', 'key', 'token', 'access_token', 'oauth_token']

/**
 * The key of `request`'s `Authorization` header (`Bearer` or `OAuth` scheme, any case), or null
 * when it has none. @throws HttpError 400 `key_in_query` when the query string names a key.
 */
export function keyOf(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown> | undefined
  const inQuery = KEY_QUERY_NAMES.some((name) => typeof query?.[name] === 'string' && String(query[name]).startsWith(API_KEY_PREFIX))
  if (inQuery) throw new HttpError(400, 'key_in_query', API_KEY_TEXTS.inQuery)
  const header = request.headers.authorization
  if (typeof header !== 'string') return null
  const match = /^(?:bearer|oauth)\s+(\S+)\s*$/i.exec(header)
  return match ? match[1] : null
}

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key this request authenticated with (set by {@link requireApiKey}), else absent. */
    apiKey?: ApiKeyIdentity
  }
}

/**
 * The identity of `request`'s API key at `now` (epoch ms), with `permission` (when given) granted
 * by its role and `cloudId` (when given) within its scope; records it as `request.apiKey` and
 * refreshes `last_used`.
 *
 * @throws HttpError 401 `unauthorized` (no key, an unknown, revoked or expired key; with a
 *   `WWW-Authenticate: Bearer` challenge), 400 `key_in_query`, 403 `not_permitted` (the role lacks
 *   the permission), 403 `out_of_scope` (another cloud).
 */
export async function requireApiKey(
  request: FastifyRequest,
  db: Kysely<Database>,
  now: number,
  { permission, cloudId }: { permission?: Permission; cloudId?: number } = {},
): Promise<ApiKeyIdentity> {
  const identity = request.apiKey ?? (await authenticate(request, db, now))
  request.apiKey = identity
  if (permission && !identity.permissions.has(permission))
    throw new HttpError(403, 'not_permitted', API_KEY_TEXTS.notPermitted(identity.role))
  if (cloudId !== undefined && identity.cloudId !== null && identity.cloudId !== cloudId) {
    const cloud = await db.selectFrom('clouds').select('machine_name').where('id', '=', identity.cloudId).executeTakeFirst()
    throw new HttpError(403, 'out_of_scope', API_KEY_TEXTS.outOfScope(cloud?.machine_name ?? String(identity.cloudId)))
  }
  return identity
}

const unauthorized = (message: string) =>
  new HttpError(401, 'unauthorized', message, { 'www-authenticate': 'Bearer realm="trust", charset="UTF-8"' })

async function authenticate(request: FastifyRequest, db: Kysely<Database>, now: number): Promise<ApiKeyIdentity> {
  const key = keyOf(request)
  if (key === null) throw unauthorized(API_KEY_TEXTS.missing)
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) throw unauthorized(API_KEY_TEXTS.unknown)
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'name', 'prefix', 'role', 'cloud_id', 'expires', 'revoked', 'last_used'])
    .where('key_hash', '=', sha256(key))
    .executeTakeFirst()
  if (!row) throw unauthorized(API_KEY_TEXTS.unknown)
  if (row.revoked !== null) throw unauthorized(API_KEY_TEXTS.revoked(row.prefix, dateOf(row.revoked)))
  if (row.expires <= now) throw unauthorized(API_KEY_TEXTS.expired(row.prefix, dateOf(row.expires)))
  if (row.last_used === null || now - row.last_used >= LAST_USED_RESOLUTION_MS) {
    await db.updateTable('api_keys').set({ last_used: now }).where('id', '=', row.id).execute()
  }
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    role: row.role,
    cloudId: row.cloud_id,
    permissions: permissionsOf([row.role]),
  }
}
