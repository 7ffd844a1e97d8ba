/**
 * API keys for machines (docs/operating/api-keys.md): incident bots, CI pipelines, Terraform and
 * alerting tools write to the site with a key an administrator made in the console.
 *
 * A key is sent as `Authorization: Bearer {key}` (or Statuspage's `Authorization: OAuth {key}`),
 * never in a query string; it needs no CSRF token and gets no cookie. It acts with the permissions
 * of its role (contract/permissions.ts) on every cloud, or on its one cloud. It reaches only the
 * key-authenticated API, never a session route (account settings, the console's API, key
 * management itself).
 */

import Type, { type Static } from 'typebox'
import { PRIVILEGED_ROLES } from './constants.js'

/** Every key starts with this, so a secret scanner (and a person) can tell one. */
export const API_KEY_PREFIX = 'trust_'

/** How long a new key may live, days: a key always expires (docs/decisions/0096-api-keys-expire-and-are-limited.md). */
export const API_KEY_LIFETIMES_DAYS = [7, 30, 90, 365] as const

/** Longest key name, characters. */
export const MAX_API_KEY_NAME = 80

/** What a key's state is at the time of the answer. */
export const ApiKeyState = Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')])
export type ApiKeyState = Static<typeof ApiKeyState>

/** A key as the console lists it (never the key itself). */
export const ApiKeySummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The key's first characters, e.g. `trust_Ab3dE6gH`. */
  prefix: Type.String(),
  role: Type.String(),
  /** The machine name of the one cloud it may act on, or null for every cloud. */
  cloud: Type.Union([Type.String(), Type.Null()]),
  /** Epoch ms. */
  created: Type.Number(),
  created_by: Type.String(),
  /** Epoch ms. */
  expires: Type.Number(),
  /** Epoch ms, or null when never used. */
  last_used: Type.Union([Type.Number(), Type.Null()]),
  /** Epoch ms, or null. */
  revoked: Type.Union([Type.Number(), Type.Null()]),
  state: ApiKeyState,
})
export type ApiKeySummary = Static<typeof ApiKeySummary>

/** `GET /api/admin/api-keys` → `{ data: ApiKeysData }`, newest first. */
export const ApiKeysData = Type.Object({ keys: Type.Array(ApiKeySummary) })
export type ApiKeysData = Static<typeof ApiKeysData>

/**
 * `POST /api/admin/api-keys` body (session + CSRF, permission `staff`). `role` is one of the
 * privileged roles; `lifetime_days` one of {@link API_KEY_LIFETIMES_DAYS}; `cloud` a cloud's machine
 * name or null. 400 `invalid` names the field and what to send.
 */
export const CreateApiKeyBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: MAX_API_KEY_NAME }),
  role: Type.Union(PRIVILEGED_ROLES.map((r) => Type.Literal(r))),
  lifetime_days: Type.Union(API_KEY_LIFETIMES_DAYS.map((d) => Type.Literal(d))),
  cloud: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
})
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>

/** The answer of `POST /api/admin/api-keys`: the key, shown this once, and its summary. */
export const CreatedApiKeyData = Type.Object({ key: Type.String(), summary: ApiKeySummary })
export type CreatedApiKeyData = Static<typeof CreatedApiKeyData>

/** `POST /api/admin/api-keys/{id}/revoke` (session + CSRF) → `{ data: ApiKeySummary }`; the key stops working at once. */
export const ApiKeyIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) })
export type ApiKeyIdParams = Static<typeof ApiKeyIdParams>
