/**
 * Invitations of the subscriber import (docs/subscriptions.md#subscriber-import-and-export; migration 016):
 * an import never subscribes anyone. Each person of the file gets an account (an unverified one
 * without a password when the address had none) and an invitation holding the topics, and one
 * opt-in mail; the topics become subscriptions only when the person opens the link and confirms.
 *
 * - An address whose subscriptions already cover every topic of its row is left alone (no mail).
 * - An address with an open invitation (unconfirmed, not expired) gets no second mail: the
 *   invitation's topics become the newer file's. After {@link INVITE_TTL_MS} a new import mails
 *   again.
 * - Confirming adds the topics to what the person already has (`subscribe` of `./tree.ts` for each,
 *   smallest first) and marks the address verified (the person read the mail).
 */
import type { Kysely, Transaction } from 'kysely'
import type { Locale } from '../../contract/locale.js'
import { toLocale } from '../../contract/locale.js'
import { randomToken, sha256 } from '../accounts/tokens.js'
import type { Database } from '../db/schema.js'
import { subscriberInviteMail } from '../mail/account-mails.js'
import { enqueueMails, type OutgoingMail } from '../mail/outbox.js'
import type { ImportRow, TopicIndex, TopicRef } from './csv.js'
import { saveNotificationTargets, saveTargets, storedNotificationTargets, storedTargets } from './repo.js'
import { groupState, isCovered, leavesOf, subscribe, type TargetTree } from './tree.js'

type Db = Kysely<Database> | Transaction<Database>

/** How long an opt-in link works, and the window in which a second import sends no second mail: 7 days (ms). */
export const INVITE_TTL_MS = 7 * 86_400_000

/**
 * The password hash of an account the import made: not a `scrypt$…` value, so no password ever
 * matches it (`server/accounts/passwords.ts` `verifyPassword`); the person chooses one through
 * "Forgot password".
 */
export const NO_PASSWORD = '!imported'

/** What an import did (the numbers of people). */
export interface ImportOutcome {
  /** People in the file. */
  rows: number
  /** People mailed an invitation now. */
  invited: number
  /** Of those, people who had no account before. */
  new_accounts: number
  /** People with an open invitation: not mailed again, their pending topics replaced. */
  already_invited: number
  /** People already subscribed to every topic of their row: nothing done. */
  already_subscribed: number
}

/** Stored topics of an invitation: targets per cloud id, and notification targets. */
interface InviteTopics {
  clouds: Record<string, string[]>
  notifications: string[]
}

function topicsOf(refs: readonly TopicRef[]): InviteTopics {
  const topics: InviteTopics = { clouds: {}, notifications: [] }
  for (const ref of refs) {
    if (ref.cloudId === null) topics.notifications.push(ref.target)
    else {
      const key = String(ref.cloudId)
      topics.clouds[key] = [...(topics.clouds[key] ?? []), ref.target]
    }
  }
  return topics
}

/**
 * Whether `target` is subscribed in `stored` as the Subscriptions page shows it: stored or under a
 * stored group; a leaf or region also when all its rows are covered (a group toggle is on only
 * when it or a group above it is stored).
 */
function covered(tree: TargetTree | undefined, stored: ReadonlySet<string>, target: string): boolean {
  if (!tree) return false
  if (stored.has(target) || groupState(tree, stored, target)) return true
  const node = tree.nodes.get(target)
  if (node && node.parent !== null && node.children.length > 0) return false
  return isCovered(tree, stored, target)
}

/** Options of {@link applyImport}. */
export interface ApplyImportOptions {
  /** Epoch ms. */
  now: number
  /** The opt-in link of a token: `{origin}/opt-in/{token}`. */
  link: (token: string) => string
  /** The site's name for the mail. */
  site: string
}

/**
 * Sets the customer groups user `uid` belongs to (docs/subscriptions.md#customer-groups) to `groups`:
 * who receives mail about records on private components.
 */
export async function setCustomerGroups(trx: Transaction<Database>, uid: number, groups: readonly string[]): Promise<void> {
  await trx.deleteFrom('user_customer_groups').where('uid', '=', uid).execute()
  if (groups.length > 0) {
    await trx
      .insertInto('user_customer_groups')
      .values(groups.map((customer_group) => ({ uid, customer_group })))
      .execute()
  }
}

/**
 * Applies checked rows (`readImport` of `./csv.ts`) inside `trx`: accounts, invitations and the
 * opt-in mails in the outbox (call `mailer.kick()` after the commit).
 */
export async function applyImport(
  trx: Transaction<Database>,
  index: TopicIndex,
  rows: readonly ImportRow[],
  options: ApplyImportOptions,
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { rows: rows.length, invited: 0, new_accounts: 0, already_invited: 0, already_subscribed: 0 }
  const mails: OutgoingMail[] = []
  const { now } = options
  for (const row of rows) {
    const existing = await trx
      .selectFrom('users')
      .select(['uid', 'mail', 'locale'])
      .where((eb) => eb.or([eb('mail', '=', row.email), eb('name', '=', row.email)]))
      .orderBy('uid')
      .executeTakeFirst()
    let uid: number
    let locale: Locale = 'en'
    let to = row.email
    if (existing) {
      uid = existing.uid
      to = existing.mail
      locale = toLocale(existing.locale) ?? 'en'
      // Membership is the operator's to say, at once; the opt-in is about the person's mail.
      if (row.groups) await setCustomerGroups(trx, uid, row.groups)
      if (await coversAll(trx, index, uid, row.refs)) {
        outcome.already_subscribed += 1
        continue
      }
    } else {
      const created = await trx
        .insertInto('users')
        .values({ name: row.email, mail: row.email, pass_hash: NO_PASSWORD, verified: 0, created: now })
        .returning('uid')
        .executeTakeFirstOrThrow()
      uid = created.uid
      outcome.new_accounts += 1
      if (row.groups) await setCustomerGroups(trx, uid, row.groups)
    }
    const topics = JSON.stringify(topicsOf(row.refs))
    const names = JSON.stringify(row.names)
    const open = await trx
      .selectFrom('subscriber_invites')
      .select('id')
      .where('uid', '=', uid)
      .where('confirmed_at', 'is', null)
      .where('expires', '>', now)
      .executeTakeFirst()
    if (open) {
      await trx.updateTable('subscriber_invites').set({ topics, names }).where('id', '=', open.id).execute()
      outcome.already_invited += 1
      continue
    }
    const token = randomToken()
    await trx
      .insertInto('subscriber_invites')
      .values({ uid, token_hash: sha256(token), topics, names, created: now, expires: now + INVITE_TTL_MS, confirmed_at: null })
      .execute()
    mails.push(subscriberInviteMail(to, options.link(token), options.site, row.names, locale))
    outcome.invited += 1
  }
  await enqueueMails(trx, mails, now)
  return outcome
}

/** Whether `uid`'s subscriptions already cover every one of `refs`. */
async function coversAll(db: Db, index: TopicIndex, uid: number, refs: readonly TopicRef[]): Promise<boolean> {
  const byCloud = new Map<number, Set<string>>()
  let notifications: Set<string> | undefined
  for (const ref of refs) {
    if (ref.cloudId === null) {
      notifications ??= await storedNotificationTargets(db, uid)
      if (!covered(index.notificationTree, notifications, ref.target)) return false
    } else {
      let stored = byCloud.get(ref.cloudId)
      if (!stored) {
        stored = await storedTargets(db, uid, ref.cloudId)
        byCloud.set(ref.cloudId, stored)
      }
      if (!covered(index.trees.get(ref.cloudId), stored, ref.target)) return false
    }
  }
  return true
}

/** An invitation as its link's page shows it. */
export interface InviteView {
  id: number
  uid: number
  mail: string
  /** The topics as the file named them. */
  names: string[]
  confirmed: boolean
  /** Whether the account has a password (a person the import made has none until they choose one). */
  hasPassword: boolean
}

/** The invitation of a link's token that still works (unexpired), or undefined. */
export async function findInvite(db: Db, token: string, now: number): Promise<InviteView | undefined> {
  if (!token || token.length > 200) return undefined
  const row = await db
    .selectFrom('subscriber_invites as i')
    .innerJoin('users as u', 'u.uid', 'i.uid')
    .select(['i.id', 'i.uid', 'i.names', 'i.confirmed_at', 'u.mail', 'u.pass_hash'])
    .where('i.token_hash', '=', sha256(token))
    .where('i.expires', '>', now)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    id: row.id,
    uid: row.uid,
    mail: row.mail,
    names: JSON.parse(row.names) as string[],
    confirmed: row.confirmed_at !== null,
    hasPassword: row.pass_hash.startsWith('scrypt$'),
  }
}

/** Stores `targets` on top of `stored`, smallest first, skipping targets the tree no longer has. */
function merged(tree: TargetTree, stored: ReadonlySet<string>, targets: readonly string[]): Set<string> {
  const known = targets.filter((t) => tree.nodes.has(t))
  known.sort((a, b) => leavesOf(tree, a).size - leavesOf(tree, b).size)
  let next = new Set(stored)
  for (const target of known) if (!covered(tree, next, target)) next = subscribe(tree, next, target)
  return next
}

/**
 * Confirms invitation `id` inside `trx`: its topics join the person's subscriptions, the address
 * counts as verified, the invitation is closed. A confirmed invitation is left as it is.
 */
export async function confirmInvite(trx: Transaction<Database>, index: TopicIndex, id: number, now: number): Promise<void> {
  const row = await trx.selectFrom('subscriber_invites').select(['uid', 'topics', 'confirmed_at']).where('id', '=', id).executeTakeFirst()
  if (!row || row.confirmed_at !== null) return
  const topics = JSON.parse(row.topics) as InviteTopics
  for (const [cloudId, targets] of Object.entries(topics.clouds)) {
    const tree = index.trees.get(Number(cloudId))
    if (!tree) continue
    const stored = await storedTargets(trx, row.uid, Number(cloudId))
    await saveTargets(trx, row.uid, Number(cloudId), merged(tree, stored, targets), now)
  }
  if (topics.notifications.length > 0) {
    const stored = await storedNotificationTargets(trx, row.uid)
    await saveNotificationTargets(trx, row.uid, merged(index.notificationTree, stored, topics.notifications), now)
  }
  await trx.updateTable('users').set({ verified: 1 }).where('uid', '=', row.uid).execute()
  await trx.updateTable('subscriber_invites').set({ confirmed_at: now }).where('id', '=', id).execute()
}
