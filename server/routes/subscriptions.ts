/**
 * Subscriptions (docs/requirements/screens.md#subscriptions-page; docs/requirements/entities.md#subscription-data, Notification subscriptions; docs/requirements/states.md
 * Subscribe star; docs/requirements/calls.md subscription calls; docs/requirements/errors.md toasts). Shapes: "Subscriptions" in
 * `contract/`; model: `server/subscriptions/tree.ts`.
 *
 * Each route declares its request and answer schemas from `contract/subscriptions.ts` (a request
 * that breaks them answers 400 `bad_request`).
 *
 * Session + CSRF (403 `not_signed_in` / `csrf`, and `cross_site` from the guard), answers
 * `Cache-Control: no-store` (the default of non-public `/api/*` answers):
 * - `POST /api/subscriptions {cloud}` → `{ data: SubscriptionsData }`; 404 `unknown_cloud`.
 * - `POST /api/subscribe {cloud, tid, action}` → `{ data: SubscribeData }`; 404 `unknown_cloud` /
 *   `unknown_tid` (a tid that is not a row of the cloud's tree, decommissioned rows included).
 * - `POST /api/advisory_minimum {cloud, minimum}` → `{ data: SubscriptionsData }`: the lowest CVSS
 *   rating of the cloud's advisories the user hears about (`null`: all); 404 `unknown_cloud`.
 * - `POST /api/user_notifications` → `{ data: UserNotificationsData }`.
 * - `POST /api/notification_manage_subscription {tid, action}` → `{ data: NotificationManageData }`;
 *   404 `unknown_tid`.
 *
 * Without sign-in (the token is the authority; notification emails link here):
 * - `GET /api/unsubscribe/{token}` → `{ data: UnsubscribeData }` describing what the link stops.
 * - `POST /api/unsubscribe/{token}` (RFC 8058 form body `List-Unsubscribe=One-Click`, an empty or a
 *   JSON body) → `{ data: UnsubscribeData }` with `done: true`, after applying `unsubscribe` to each
 *   target of the token. 404 `invalid_token`; 429 `too_many_requests` after
 *   {@link UNSUBSCRIBE_IP_RULE} unknown tokens from one address.
 */
import formBody from '@fastify/formbody'
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import {
  AdvisoryMinimumBody,
  NotificationManageBody,
  NotificationManageData,
  SubscribeBody,
  SubscribeData,
  SubscriptionGroup,
  SubscriptionsBody,
  SubscriptionsData,
  UnsubscribeBody,
  UnsubscribeData,
  UnsubscribeParams,
  UserNotificationsData,
} from '../../contract/subscriptions.js'
import { isAllowed, register, type FloodRule } from '../accounts/flood.js'
import { requireSession } from '../accounts/sessions.js'
import { sha256 } from '../accounts/tokens.js'
import type { Database } from '../db/schema.js'
import { HttpError, notFound } from '../http/errors.js'
import { findCloud, type CloudRow } from '../repo/clouds.js'
import {
  advisoryMinimum,
  loadCloudSubscriptions,
  loadUserNotifications,
  saveAdvisoryMinimum,
  saveNotificationTargets,
  saveTargets,
  subscriptionsData,
} from '../subscriptions/repo.js'
import { applyAction, coveredLeaves, leavesOf, unsubscribe, type TargetTree } from '../subscriptions/tree.js'
import type { Kysely, Transaction } from 'kysely'
import { requireSessionCloud } from './cloud-param.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** Unknown unsubscribe tokens per IP address: 30 per hour, then 429 (guessing is pointless, but cheap to stop). */
export const UNSUBSCRIBE_IP_RULE: FloodRule = { event: 'unsubscribe_token_ip', limit: 30, windowMs: 3_600_000 }

const GROUP_TARGETS = SubscriptionGroup.enum

type Db = Kysely<Database> | Transaction<Database>

/** The target string of a body `tid`: digits as a decimal string without leading zeros, names as sent. */
function targetOf(tid: string | number): string {
  const text = String(tid).trim()
  return /^\d+$/.test(text) ? String(Number(text)) : text
}

const unknownTid = (target: string) => notFound(`Unknown subscription target: ${JSON.stringify(target.slice(0, 64))}.`, 'unknown_tid')

/** Masks an address for display: `v•••@example.com`. */
export function maskMail(mail: string): string {
  const at = mail.indexOf('@')
  if (at <= 0) return '•••'
  return `${mail[0]}•••${mail.slice(at)}`
}

/** Notification categories the user is subscribed to (the Notifications part of `subscriptions_count`). */
async function notificationCount(db: Db, uid: number): Promise<number> {
  return (await loadUserNotifications(db, uid)).data.subscriptions_count
}

/** The tree answer of a user on a cloud. */
async function cloudAnswer(db: Db, uid: number, cloud: CloudRow): Promise<SubscriptionsData> {
  const [{ input, tree, stored }, count, minimum] = await Promise.all([
    loadCloudSubscriptions(db, uid, cloud),
    notificationCount(db, uid),
    advisoryMinimum(db, uid, cloud.id),
  ])
  return subscriptionsData(cloud, input, tree, stored, count, minimum)
}

/** Whether none of `targets` is still subscribed in `stored` (stored targets and covered leaves). */
function allStopped(tree: TargetTree, stored: ReadonlySet<string>, targets: string[]): boolean {
  const covered = coveredLeaves(tree, stored)
  return targets.every((t) => !stored.has(t) && ![...leavesOf(tree, t)].some((leaf) => covered.has(leaf)))
}

/** Registers the routes described in the module comment. */
export function registerSubscriptionRoutes(app: TrustApp, { db, now }: RouteDeps): void {
  app.post(
    '/api/subscriptions',
    { schema: { body: SubscriptionsBody, response: { 200: answer(SubscriptionsData), ...ERROR_RESPONSES } } },
    async (request) => {
      const { session, cloud } = await requireSessionCloud(db, request)
      return { data: await cloudAnswer(db, session.uid, cloud) }
    },
  )

  app.post(
    '/api/subscribe',
    { schema: { body: SubscribeBody, response: { 200: answer(SubscribeData), ...ERROR_RESPONSES } } },
    async (request) => {
      const { session, cloud } = await requireSessionCloud(db, request)
      const target = targetOf(request.body.tid)
      const action = request.body.action
      const name = await db.transaction().execute(async (trx) => {
        const { tree, stored } = await loadCloudSubscriptions(trx, session.uid, cloud)
        const node = tree.nodes.get(target)
        if (!node) throw unknownTid(target)
        await saveTargets(trx, session.uid, cloud.id, applyAction(tree, stored, target, action), now().getTime())
        return node.name
      })
      return { data: { tid: target, action, name, subscriptions: await cloudAnswer(db, session.uid, cloud) } }
    },
  )

  app.post(
    '/api/advisory_minimum',
    { schema: { body: AdvisoryMinimumBody, response: { 200: answer(SubscriptionsData), ...ERROR_RESPONSES } } },
    async (request) => {
      const { session, cloud } = await requireSessionCloud(db, request)
      await saveAdvisoryMinimum(db, session.uid, cloud.id, request.body.minimum, now().getTime())
      return { data: await cloudAnswer(db, session.uid, cloud) }
    },
  )

  app.post(
    '/api/user_notifications',
    { schema: { response: { 200: answer(UserNotificationsData), ...ERROR_RESPONSES } } },
    async (request) => {
      const session = requireSession(request)
      return { data: (await loadUserNotifications(db, session.uid)).data }
    },
  )

  app.post(
    '/api/notification_manage_subscription',
    { schema: { body: NotificationManageBody, response: { 200: answer(NotificationManageData), ...ERROR_RESPONSES } } },
    async (request) => {
      const session = requireSession(request)
      const target = targetOf(request.body.tid)
      const action = request.body.action
      const name = await db.transaction().execute(async (trx) => {
        const { tree, stored } = await loadUserNotifications(trx, session.uid)
        const node = tree.nodes.get(target)
        if (!node) throw unknownTid(target)
        await saveNotificationTargets(trx, session.uid, applyAction(tree, stored, target, action), now().getTime())
        return node.name
      })
      return { data: { tid: target, action, name, notifications: (await loadUserNotifications(db, session.uid)).data } }
    },
  )

  /** The token's row, or a 404 (counted per IP; 429 once over the limit). */
  const tokenRow = async (token: string, ip: string) => {
    const at = now().getTime()
    if (!(await isAllowed(db, UNSUBSCRIBE_IP_RULE, ip, at))) {
      throw new HttpError(429, 'too_many_requests', 'Too many requests. Please try again later.')
    }
    const row = await db
      .selectFrom('unsubscribe_tokens as t')
      .innerJoin('users as u', 'u.uid', 't.uid')
      .select(['t.uid', 't.scope', 't.cloud_id', 't.targets', 'u.mail'])
      .where('t.token_hash', '=', sha256(token))
      .executeTakeFirst()
    if (!row) {
      await register(db, UNSUBSCRIBE_IP_RULE, ip, at)
      throw notFound('This unsubscribe link is not valid.', 'invalid_token')
    }
    return { ...row, targets: JSON.parse(row.targets) as string[] }
  }

  /** Describes (and with `apply` performs) what a token stops. */
  const unsubscribeAnswer = async (token: string, ip: string, apply: boolean): Promise<UnsubscribeData> => {
    const row = await tokenRow(token, ip)
    return db.transaction().execute(async (trx) => {
      let tree: TargetTree
      let stored: Set<string>
      let cloudTitle = ''
      let save: (next: Set<string>) => Promise<void>
      if (row.scope === 'cloud') {
        const ref = await trx
          .selectFrom('clouds')
          .select('machine_name')
          .where('id', '=', row.cloud_id ?? -1)
          .executeTakeFirst()
        const cloud = ref ? await findCloud(trx as Kysely<Database>, ref.machine_name) : undefined
        if (!cloud) throw notFound('This unsubscribe link is not valid.', 'invalid_token')
        cloudTitle = cloud.title
        ;({ tree, stored } = await loadCloudSubscriptions(trx, row.uid, cloud))
        save = (next) => saveTargets(trx, row.uid, cloud.id, next, now().getTime())
      } else {
        ;({ tree, stored } = await loadUserNotifications(trx, row.uid))
        save = (next) => saveNotificationTargets(trx, row.uid, next, now().getTime())
      }
      if (apply) {
        let next: Set<string> = stored
        for (const target of row.targets) next = unsubscribe(tree, next, target)
        await save(next)
        stored = next
      }
      return {
        mail: maskMail(row.mail),
        cloud: cloudTitle,
        names: row.targets.map((t) => tree.nodes.get(t)?.name ?? t),
        done: allStopped(tree, stored, row.targets),
      }
    })
  }

  app.get(
    '/api/unsubscribe/:token',
    {
      schema: { params: UnsubscribeParams, response: { 200: answer(UnsubscribeData), ...ERROR_RESPONSES } },
      exposeHeadRoute: false,
    },
    async (request) => ({ data: await unsubscribeAnswer(request.params.token, request.ip, false) }),
  )

  // The one-click POST of RFC 8058 comes from mail providers' servers, without cookies and without
  // an Origin header; the cross-site guard (`server/http/cross-site.ts`) lets requests without
  // Origin / Sec-Fetch-Site pass, so no exemption is needed and a browser page on another site
  // still cannot trigger it. The form body parser is scoped to this route only; JSON bodies (`{}`)
  // are read by Fastify's own parser.
  void app.register(async (scope: TrustApp) => {
    // RFC 8058's `List-Unsubscribe=One-Click` form body; the value is not needed, only accepted.
    await scope.register(formBody, { bodyLimit: 1024 })
    scope.post(
      '/api/unsubscribe/:token',
      {
        schema: {
          params: UnsubscribeParams,
          body: UnsubscribeBody,
          response: { 200: answer(UnsubscribeData), ...ERROR_RESPONSES },
        },
      },
      async (request) => ({ data: await unsubscribeAnswer(request.params.token, request.ip, true) }),
    )
  })
}

/** The group target names accepted besides tids (for documentation and the CLI). */
export { GROUP_TARGETS }
