/**
 * Subscribers as CSV (docs/subscriptions.md#subscriber-import-and-export): the topic notation, the export file
 * and the reading and checking of an import file. Pure apart from {@link loadTopicIndex}, which
 * reads the site's clouds and trees.
 *
 * The file: a header row, then one row per person; columns `email`, `verified` (`yes` / `no`;
 * read-only information: the import ignores it) and `topics`, one topic per line inside the cell,
 * and optionally `customer_groups` ({@link GROUPS_COLUMN}).
 * A topic is a path of names joined by ` > `:
 *
 * | topic | stored target |
 * |---|---|
 * | `status.example.com` | everything of the cloud (`all`) |
 * | `status.example.com > Core Cloud Services` | the core services group |
 * | `status.example.com > Core Cloud Services > Packet Relay` | one service |
 * | `status.example.com > Public Data Center` (or `Premium Data Center`) | every data center of the type |
 * | `status.example.com > Public Data Center > Oslo I` | one data center |
 * | `status.example.com > Region > Nordics` | a region (its data centers of both types) |
 * | `status.example.com > Maintenance > Scheduled Maintenance` | a maintenance topic |
 * | `status.example.com > Advisory > Service Disruption` | an advisory topic |
 * | `Notifications` | every notification |
 * | `Notifications > URL Category Notifications` | one notification type |
 * | `Notifications > URL Category Notifications > Gambling` | one notification category |
 *
 * The first name is the cloud's domain (its machine name is accepted too); the others are the
 * names the Subscriptions page shows. Matching ignores case and the spaces around `>`.
 *
 * Cells starting with `=`, `+`, `-`, `@`, a tab or a carriage return are written with a leading
 * `'` and quoted (OWASP "CSV injection"); the import takes that `'` away again.
 */
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import type { Kysely, Transaction } from 'kysely'
import { CUSTOMER_GROUP_PATTERN } from '../../contract/catalog.js'
import type { Database } from '../db/schema.js'
import { type CloudRow, listCloudRows } from '../repo/clouds.js'
import { isEmail } from '../accounts/users.js'
import { cloudTree, GROUP_NAMES, notificationTree, type TargetTree } from './tree.js'
import { cloudTreeInput, notificationTreeInput } from './repo.js'

type Db = Kysely<Database> | Transaction<Database>

/** Between the names of a topic. */
export const TOPIC_SEPARATOR = ' > '
/** The first name of a notification topic. */
export const NOTIFICATIONS = 'Notifications'
/** The second name of a region topic, and of maintenance and advisory topics. */
export const REGION = 'Region'
export const MAINTENANCE = 'Maintenance'
export const ADVISORY = 'Advisory'

/** The columns of the file, in the export's order. */
export const CSV_COLUMNS = ['email', 'verified', 'topics'] as const

/**
 * The optional column of the customer groups a person belongs to (docs/subscriptions.md#customer-groups):
 * group names separated by commas or line breaks. An export writes it when someone has a group; an
 * import with the column sets each row's groups to the cell's (empty: none), without it leaves them.
 */
export const GROUPS_COLUMN = 'customer_groups'

/** The most people one import takes. */
export const MAX_IMPORT_ROWS = 5000
/** The largest import file, bytes (UTF-8). */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024

/** Where a topic leads: a cloud's target (`cloudId`) or a notification target (`cloudId` null). */
export interface TopicRef {
  cloudId: number | null
  target: string
}

/** The topics of a site: each target's notation, and each notation's target. */
export interface TopicIndex {
  clouds: CloudRow[]
  trees: Map<number, TargetTree>
  notificationTree: TargetTree
  /** The notation of each target, keyed `${cloudId ?? 'n'}:${target}`. */
  names: Map<string, string>
  /** Normalised notation ({@link topicKey}) → targets (more than one: an ambiguous name). */
  refs: Map<string, TopicRef[]>
  /** Lower-cased domains and machine names of the clouds, and `notifications`. */
  firsts: Set<string>
}

const refKey = (ref: TopicRef) => `${ref.cloudId ?? 'n'}:${ref.target}`

/**
 * The matching key of a topic: names trimmed, inner runs of spaces made one, joined by ` > `,
 * lower-cased. `'  A>b  c '` → `'a > b c'`.
 */
export function topicKey(topic: string): string {
  return topic
    .split('>')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .join(TOPIC_SEPARATOR)
    .toLowerCase()
}

/** Builds the notation of every target of one cloud's tree (`input` the tree's rows). */
function cloudNames(cloud: CloudRow, tree: TargetTree, input: Awaited<ReturnType<typeof cloudTreeInput>>): Map<string, string> {
  const path = (...names: string[]) => [cloud.domain, ...names].join(TOPIC_SEPARATOR)
  const names = new Map<string, string>()
  names.set('all', cloud.domain)
  names.set('core_cloud_services', path(GROUP_NAMES.core_cloud_services))
  names.set('public', path(GROUP_NAMES.public))
  names.set('premium', path(GROUP_NAMES.premium))
  for (const s of input.services) names.set(String(s.tid), path(GROUP_NAMES.core_cloud_services, s.name))
  for (const r of input.regions) {
    names.set(String(r.tid), path(REGION, r.name))
    for (const d of r.public) names.set(String(d.tid), path(GROUP_NAMES.public, d.name))
    for (const d of r.premium) names.set(String(d.tid), path(GROUP_NAMES.premium, d.name))
  }
  for (const t of input.maintenance) names.set(String(t.tid), path(MAINTENANCE, t.name))
  for (const t of input.advisory) names.set(String(t.tid), path(ADVISORY, t.name))
  // Targets of kinds this list does not know yet: under the group above them, or the cloud.
  for (const [target, node] of tree.nodes) {
    if (names.has(target)) continue
    const parent = node.parent && node.parent !== 'all' ? tree.nodes.get(node.parent)?.name : undefined
    names.set(target, parent ? path(parent, node.name) : path(node.name))
  }
  return names
}

/** Reads the site's clouds and trees and builds their {@link TopicIndex}. */
export async function loadTopicIndex(db: Db): Promise<TopicIndex> {
  const clouds = await listCloudRows(db as Kysely<Database>)
  const index: TopicIndex = {
    clouds,
    trees: new Map(),
    notificationTree: notificationTree([]),
    names: new Map(),
    refs: new Map(),
    firsts: new Set([NOTIFICATIONS.toLowerCase()]),
  }
  const add = (ref: TopicRef, name: string) => {
    index.names.set(refKey(ref), name)
    const key = topicKey(name)
    const list = index.refs.get(key) ?? []
    list.push(ref)
    index.refs.set(key, list)
  }
  for (const cloud of clouds) {
    const input = await cloudTreeInput(db, cloud)
    const tree = cloudTree(input)
    index.trees.set(cloud.id, tree)
    index.firsts.add(cloud.domain.toLowerCase())
    index.firsts.add(cloud.machine_name.toLowerCase())
    for (const [target, name] of cloudNames(cloud, tree, input)) {
      add({ cloudId: cloud.id, target }, name)
      // The machine name is accepted in place of the domain.
      if (cloud.machine_name.toLowerCase() !== cloud.domain.toLowerCase()) {
        const alias = cloud.machine_name + name.slice(cloud.domain.length)
        const key = topicKey(alias)
        if (!index.refs.has(key)) index.refs.set(key, [{ cloudId: cloud.id, target }])
      }
    }
  }
  const notificationInput = await notificationTreeInput(db)
  index.notificationTree = notificationTree(notificationInput)
  add({ cloudId: null, target: 'all' }, NOTIFICATIONS)
  for (const t of notificationInput) {
    add({ cloudId: null, target: t.type }, [NOTIFICATIONS, t.name].join(TOPIC_SEPARATOR))
    for (const c of t.categories) add({ cloudId: null, target: String(c.tid) }, [NOTIFICATIONS, t.name, c.name].join(TOPIC_SEPARATOR))
  }
  return index
}

/** The notation of a stored target, or undefined when the site no longer has it. */
export function topicName(index: TopicIndex, ref: TopicRef): string | undefined {
  return index.names.get(refKey(ref))
}

// ---------------------------------------------------------------------------------------------
// Formula escaping (OWASP "CSV injection").

const FORMULA_START = /^[=+\-@\t\r]/

/** `=1+1` → `'=1+1`; other text unchanged. */
export function escapeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}

/** `'=1+1` → `=1+1` (what {@link escapeCell} added is taken away); other text unchanged. */
export function unescapeCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value
}

// ---------------------------------------------------------------------------------------------
// Export.

/** One person of the export. */
export interface ExportRow {
  email: string
  verified: boolean
  /** Notation of each stored topic, in the file's order. */
  topics: string[]
  /** The customer groups the person belongs to, sorted. */
  groups: string[]
}

/**
 * Every person with at least one stored subscription (cloud or notification), sorted by address;
 * each person's topics in the order of the clouds, then the notifications, each sorted by name.
 * Stored targets the site no longer has (a removed row) are left out. With `uid`, that person only.
 */
export async function exportRows(db: Db, index: TopicIndex, uid?: number): Promise<ExportRow[]> {
  const [cloudRows, notificationRows, groupRows] = await Promise.all([
    db
      .selectFrom('subscriptions as s')
      .innerJoin('users as u', 'u.uid', 's.uid')
      .select(['u.uid', 'u.mail', 'u.verified', 's.cloud_id', 's.target'])
      .$if(uid !== undefined, (q) => q.where('u.uid', '=', uid as number))
      .execute(),
    db
      .selectFrom('notification_subscriptions as s')
      .innerJoin('users as u', 'u.uid', 's.uid')
      .select(['u.uid', 'u.mail', 'u.verified', 's.target'])
      .$if(uid !== undefined, (q) => q.where('u.uid', '=', uid as number))
      .execute(),
    db
      .selectFrom('user_customer_groups')
      .select(['uid', 'customer_group'])
      .$if(uid !== undefined, (q) => q.where('uid', '=', uid as number))
      .orderBy('customer_group')
      .execute(),
  ])
  const groupsOf = new Map<number, string[]>()
  for (const g of groupRows) groupsOf.set(g.uid, [...(groupsOf.get(g.uid) ?? []), g.customer_group])
  const cloudOrder = new Map(index.clouds.map((c, i) => [c.id, i]))
  const people = new Map<number, { email: string; verified: boolean; topics: Array<{ order: number; name: string }>; groups: string[] }>()
  const person = (row: { uid: number; mail: string; verified: number }) => {
    let p = people.get(row.uid)
    if (!p) {
      p = { email: row.mail, verified: row.verified === 1, topics: [], groups: groupsOf.get(row.uid) ?? [] }
      people.set(row.uid, p)
    }
    return p
  }
  for (const row of cloudRows) {
    const name = topicName(index, { cloudId: row.cloud_id, target: row.target })
    if (name) person(row).topics.push({ order: cloudOrder.get(row.cloud_id) ?? 0, name })
  }
  for (const row of notificationRows) {
    const name = topicName(index, { cloudId: null, target: row.target })
    if (name) person(row).topics.push({ order: index.clouds.length, name })
  }
  return [...people.values()]
    .filter((p) => p.topics.length > 0)
    .map((p) => ({
      email: p.email,
      verified: p.verified,
      topics: p.topics.sort((a, b) => a.order - b.order || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((t) => t.name),
      groups: p.groups,
    }))
    .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0))
}

/**
 * The CSV text of `rows`: a UTF-8 byte-order mark (so spreadsheets read the names right), the
 * header, CRLF line ends, topics one per line in their cell, and every cell escaped
 * ({@link escapeCell}; escaped cells and cells with line breaks are quoted).
 */
export function exportCsv(rows: readonly ExportRow[]): string {
  const withGroups = rows.some((r) => r.groups.length > 0)
  const records = rows.map((r) =>
    [r.email, r.verified ? 'yes' : 'no', r.topics.join('\n'), ...(withGroups ? [r.groups.join(', ')] : [])].map(escapeCell),
  )
  return stringify([[...CSV_COLUMNS, ...(withGroups ? [GROUPS_COLUMN] : [])], ...records], {
    bom: true,
    record_delimiter: 'windows',
    // Escaped cells, and cells with line breaks (a lone LF is not the CRLF delimiter, so the library would not quote it).
    quoted_match: [/^'[=+\-@\t\r]/, /[\r\n]/],
  })
}

// ---------------------------------------------------------------------------------------------
// Import.

/** A bad row of an import: where it starts and what is wrong, in words. */
export interface RowProblem {
  /** The line of the file the row starts on (the header is line 1). */
  line: number
  /** The row's number as a spreadsheet shows it (the header is row 1); differs from `line` after cells with line breaks. */
  row: number
  reason: string
}

/** One good row of an import. */
export interface ImportRow {
  line: number
  /** Lower-cased. */
  email: string
  /** The topics as the row names them (trimmed), in order, without repeats. */
  names: string[]
  refs: TopicRef[]
  /** The person's customer groups when the file has the {@link GROUPS_COLUMN} column; `undefined` without it. */
  groups?: string[]
}

/** What {@link readImport} makes of a file: the rows when every row is good, else the problems. */
export type ImportReading = { ok: true; rows: ImportRow[] } | { ok: false; problems: RowProblem[] }

const GROUP_NAME = new RegExp(CUSTOMER_GROUP_PATTERN)

const quoted = (text: string) => `“${text.length > 120 ? `${text.slice(0, 117)}…` : text}”`

/** Why `name` is not a topic of the site (the first unknown part, in words). */
function unknownTopic(index: TopicIndex, name: string): string {
  const first = name.split('>')[0].trim().toLowerCase()
  if (!index.firsts.has(first)) {
    return `Unknown topic ${quoted(name)}: no cloud has the domain ${quoted(name.split('>')[0].trim())}. A topic starts with a cloud's domain or with “Notifications”.`
  }
  return `Unknown topic ${quoted(name)}: the site has no such service, data center, region or topic. Copy the names from an export of this site.`
}

/**
 * Reads and checks an import file (see the module comment): the header names `email` and `topics`
 * (and may name `verified`, which is ignored), in any order and case; every row has as many cells;
 * each address is valid and appears once; each row names at least one topic, each topic known to
 * the site and unambiguous; at most {@link MAX_IMPORT_ROWS} people. Blank rows are skipped. Every
 * problem of every row is listed; nothing is partly accepted.
 */
export function readImport(text: string, index: TopicIndex): ImportReading {
  let records: Array<{ record: string[]; info: { lines: number } }>
  try {
    records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: false }) as unknown as typeof records
  } catch (error) {
    const line = Number((error as { lines?: number }).lines) || 1
    const what = (error as { code?: string }).code === 'CSV_QUOTE_NOT_CLOSED' ? 'a quoted cell is not closed' : 'it is not valid CSV'
    return {
      ok: false,
      problems: [
        { line, row: line, reason: `The file cannot be read: ${what} (${(error as Error).message}). Check the quotes around cells.` },
      ],
    }
  }
  const problems: RowProblem[] = []
  if (records.length === 0) {
    return { ok: false, problems: [{ line: 1, row: 1, reason: 'The file is empty. The first row names the columns: email,topics.' }] }
  }
  const header = records[0].record.map((c) => unescapeCell(c).trim().toLowerCase())
  const column = (name: string) => header.indexOf(name)
  const headerProblems: string[] = []
  for (const name of ['email', 'topics']) if (column(name) < 0) headerProblems.push(`the column “${name}” is missing`)
  const unknown = header.filter((h) => !(CSV_COLUMNS as readonly string[]).includes(h) && h !== GROUPS_COLUMN)
  if (unknown.length > 0) headerProblems.push(`unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => quoted(u)).join(', ')}`)
  const repeated = header.filter((h, i) => header.indexOf(h) !== i)
  if (repeated.length > 0) headerProblems.push(`the column ${quoted(repeated[0])} appears twice`)
  if (headerProblems.length > 0) {
    return {
      ok: false,
      problems: [
        {
          line: 1,
          row: 1,
          reason: `The header row is wrong: ${headerProblems.join('; ')}. It names the columns email and topics (and may name verified), as an export does.`,
        },
      ],
    }
  }
  const rows: ImportRow[] = []
  const seen = new Map<string, number>()
  let people = 0
  let nextLine = records[0].info.lines + 1
  for (let i = 1; i < records.length; i++) {
    const { record, info } = records[i]
    const line = nextLine
    nextLine = info.lines + 1
    const row = i + 1
    if (record.every((cell) => cell.trim() === '')) continue
    people += 1
    if (people > MAX_IMPORT_ROWS) {
      problems.push({
        line,
        row,
        reason: `The file has more than ${MAX_IMPORT_ROWS} people; import at most ${MAX_IMPORT_ROWS} at once (split the file).`,
      })
      break
    }
    const bad = (reason: string) => problems.push({ line, row, reason })
    if (record.length !== header.length) {
      bad(`This row has ${record.length} cell${record.length === 1 ? '' : 's'}; the header names ${header.length} columns.`)
      continue
    }
    const email = unescapeCell(record[column('email')].trim()).trim()
    const topicsCell = unescapeCell(record[column('topics')].trim())
    let good = true
    if (email === '') {
      bad('The email cell is empty.')
      good = false
    } else if (!isEmail(email)) {
      bad(`${quoted(email)} is not a valid email address.`)
      good = false
    } else {
      const first = seen.get(email.toLowerCase())
      if (first !== undefined) {
        bad(`The address ${quoted(email)} appears again (first on line ${first}); put all of a person's topics in one row.`)
        good = false
      } else seen.set(email.toLowerCase(), line)
    }
    const names: string[] = []
    for (const part of topicsCell.split(/\r\n|\n|\r/)) {
      const name = unescapeCell(part.trim()).trim()
      if (name !== '' && !names.includes(name)) names.push(name)
    }
    if (names.length === 0) {
      bad('The topics cell is empty: name at least one topic, one per line.')
      good = false
    }
    const refs: TopicRef[] = []
    for (const name of names) {
      const found = index.refs.get(topicKey(name))
      if (!found) {
        bad(unknownTopic(index, name))
        good = false
      } else if (found.length > 1) {
        bad(`The topic ${quoted(name)} is ambiguous: the site has ${found.length} rows of that name. Rename one in the catalogue.`)
        good = false
      } else refs.push(found[0])
    }
    let groups: string[] | undefined
    if (column(GROUPS_COLUMN) >= 0) {
      groups = []
      for (const part of unescapeCell(record[column(GROUPS_COLUMN)].trim()).split(/[,\r\n]+/)) {
        const group = part.trim()
        if (group === '' || groups.includes(group)) continue
        if (!GROUP_NAME.test(group)) {
          bad(
            `${quoted(group)} is not a customer group: use lower-case letters a-z, digits, _ and -, starting with a letter (e.g. acme), separated by commas.`,
          )
          good = false
        } else groups.push(group)
      }
    }
    if (good) rows.push({ line, email: email.toLowerCase(), names, refs, ...(groups ? { groups } : {}) })
  }
  if (problems.length === 0 && rows.length === 0) {
    problems.push({ line: 2, row: 2, reason: 'The file names no one: add one row per person below the header.' })
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, rows }
}
