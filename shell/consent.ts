/**
 * Cookie-consent state (docs/requirements/product.md Variants: the government variant has its own cookie-consent
 * domain id). The choice is kept first-party in `localStorage` under {@link CONSENT_KEY}, tied to
 * the domain id it was given for: a choice made for the commercial id does not count on the
 * government site and vice versa. No third-party consent script is ever loaded.
 */

import { CONSENT_STORAGE_KEY } from '../contract/constants'

/** `localStorage` key of the stored choice. */
export const CONSENT_KEY = CONSENT_STORAGE_KEY

/** What the visitor chose in the banner. */
export type ConsentChoice = 'accepted' | 'rejected'

/** The stored record (JSON). */
export interface ConsentRecord {
  /** The cookie-consent domain id the choice was made for. */
  domainId: string
  choice: ConsentChoice
  /** When it was made (ms since the epoch). */
  at: number
}

/** The minimal storage the consent state needs (`localStorage` in the browser). */
export type ConsentStorage = Pick<Storage, 'getItem' | 'setItem'>

/**
 * The choice stored for `domainId`, or `null` when none is (nothing stored, unreadable JSON, a
 * choice made for another domain id, an unknown choice value).
 */
export function parseConsent(raw: string | null | undefined, domainId: string): ConsentChoice | null {
  if (!raw) return null
  let record: unknown
  try {
    record = JSON.parse(raw)
  } catch {
    return null
  }
  if (!record || typeof record !== 'object') return null
  const { domainId: id, choice } = record as Partial<ConsentRecord>
  if (id !== domainId) return null
  return choice === 'accepted' || choice === 'rejected' ? choice : null
}

/** The stored form of a choice. */
export function serialiseConsent(choice: ConsentChoice, domainId: string, now: number): string {
  const record: ConsentRecord = { domainId, choice, at: now }
  return JSON.stringify(record)
}

/** The stored choice for `domainId`; `null` also when the storage cannot be read (private mode, blocked). */
export function readConsent(storage: ConsentStorage | undefined, domainId: string): ConsentChoice | null {
  try {
    return parseConsent(storage?.getItem(CONSENT_KEY), domainId)
  } catch {
    return null
  }
}

/** Stores the choice; returns false when the storage refuses it (the banner still closes for this page view). */
export function saveConsent(storage: ConsentStorage | undefined, choice: ConsentChoice, domainId: string, now = Date.now()): boolean {
  try {
    if (!storage) return false
    storage.setItem(CONSENT_KEY, serialiseConsent(choice, domainId, now))
    return true
  } catch {
    return false
  }
}

/** `localStorage` when the browser allows it. */
export function browserStorage(): ConsentStorage | undefined {
  try {
    return globalThis.localStorage ?? undefined
  } catch {
    return undefined
  }
}
