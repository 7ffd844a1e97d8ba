/**
 * Alert rules (docs/operating/alertmanager.md#rules; shapes in `contract/alerts.ts`; table
 * `alert_rules`, migration 022): the operator's ordered mapping of an Alertmanager alert group onto
 * a cloud, its services and data centers. This module stores and checks the list, picks the rule of
 * a group (the first enabled one whose matchers all match), and fills its templates.
 */
import type { Kysely, Selectable } from 'kysely'
import type {
  AlertMatcher,
  AlertmanagerWebhook,
  AlertRule,
  AlertRuleInput,
  AlertMode,
  AlertOnResolve,
  AlertSeverity,
} from '../../contract/alerts.js'
import type { AlertRulesTable, Database } from '../db/schema.js'
import { badRequest } from '../http/errors.js'

/** A rule as the receiver uses it: the stored fields, its matchers compiled. */
export interface CompiledRule extends AlertRule {
  test: (labels: Readonly<Record<string, string>>) => boolean
}

/** `{{ $labels.NAME }}`, `{{ $annotations.NAME }}` and `{{ $count }}`; anything else in `{{ }}` is refused. */
const PLACEHOLDER = /\{\{\s*(?:\$(labels|annotations)\.([A-Za-z_][A-Za-z0-9_]*)|\$(count))\s*\}\}/g
const ANY_PLACEHOLDER = /\{\{[\s\S]*?\}\}/g

/** What a template may use, for the refusals. */
const TEMPLATE_WORDS = 'only {{ $labels.NAME }}, {{ $annotations.NAME }} and {{ $count }} are filled in'

/** The matcher as a test of one label's value (a missing label is `''`, as in Alertmanager). @throws SyntaxError for a bad regex */
function compileMatcher(m: AlertMatcher): (labels: Readonly<Record<string, string>>) => boolean {
  const value = (labels: Readonly<Record<string, string>>) => (Object.hasOwn(labels, m.label) ? labels[m.label] : '')
  if (m.op === '=') return (labels) => value(labels) === m.value
  if (m.op === '!=') return (labels) => value(labels) !== m.value
  // Anchored like Alertmanager's (RE2 `^(?:…)$`).
  const re = new RegExp(`^(?:${m.value})$`)
  return m.op === '=~' ? (labels) => re.test(value(labels)) : (labels) => !re.test(value(labels))
}

/** The rule with its matchers compiled (all must match). */
export function compileRule(rule: AlertRule): CompiledRule {
  const tests = rule.matchers.map(compileMatcher)
  return { ...rule, test: (labels) => tests.every((t) => t(labels)) }
}

const ruleOf = (row: Selectable<AlertRulesTable>): AlertRule => ({
  id: row.id,
  position: row.position,
  name: row.name,
  enabled: row.enabled === 1,
  matchers: JSON.parse(row.matchers) as AlertMatcher[],
  cloud: row.cloud,
  cloud_label: row.cloud_label,
  services: JSON.parse(row.services) as string[],
  services_label: row.services_label,
  data_centers: JSON.parse(row.data_centers) as string[],
  data_centers_label: row.data_centers_label,
  severity: row.severity as AlertSeverity,
  mode: row.mode as AlertMode,
  on_resolve: row.on_resolve as AlertOnResolve,
  title_template: row.title_template,
  body_template: row.body_template,
  grace_seconds: row.grace_seconds,
})

/** Every rule, in order. */
export async function listAlertRules(db: Kysely<Database>): Promise<AlertRule[]> {
  const rows = await db.selectFrom('alert_rules').selectAll().orderBy('position').orderBy('id').execute()
  return rows.map(ruleOf)
}

/** Checks the templates of a rule. @returns the first problem in words, or null. */
function templateProblem(template: string, field: string): string | null {
  for (const match of template.match(ANY_PLACEHOLDER) ?? []) {
    if (!new RegExp(`^${PLACEHOLDER.source}$`).test(match)) {
      return `${field}: ${JSON.stringify(match.slice(0, 60))} is not filled in; ${TEMPLATE_WORDS}.`
    }
  }
  return null
}

/**
 * Checks a list of `PUT /api/admin/alert-rules` against the catalogue.
 * @throws HttpError 400 `invalid` naming the rule (its place and name) and what to change.
 */
async function checkRules(db: Kysely<Database>, rules: readonly AlertRuleInput[]): Promise<void> {
  const clouds = new Set((await db.selectFrom('clouds').select('machine_name').execute()).map((c) => c.machine_name))
  const ids = new Set<number>()
  for (const [i, rule] of rules.entries()) {
    const which = `Rule ${i + 1} (${JSON.stringify(rule.name.slice(0, 60))})`
    const refuse = (words: string) => badRequest(`${which}: ${words}`, 'invalid')
    if (rule.name.trim() === '') throw refuse('give the rule a name that says which alerts it takes.')
    if (rule.id !== undefined) {
      if (ids.has(rule.id)) throw refuse(`the id ${rule.id} is given twice; each stored rule appears once.`)
      ids.add(rule.id)
    }
    const cloud = rule.cloud?.trim() || null
    const cloudLabel = rule.cloud_label?.trim() || null
    if ((cloud === null) === (cloudLabel === null)) {
      throw refuse('set either a cloud (its machine name) or the label whose value names the cloud, not both and not neither.')
    }
    if (cloud !== null && !clouds.has(cloud)) {
      throw refuse(
        `there is no cloud ${JSON.stringify(cloud.slice(0, 100))}; use one of ${[...clouds].join(', ') || 'the catalogue’s clouds'}.`,
      )
    }
    for (const [j, m] of rule.matchers.entries()) {
      if (m.op === '=~' || m.op === '!~') {
        try {
          new RegExp(`^(?:${m.value})$`)
        } catch (error) {
          throw refuse(
            `matcher ${j + 1} (${m.label} ${m.op} ${JSON.stringify(m.value.slice(0, 60))}) is not a regular expression: ${(error as Error).message}. Fix the expression, or use = for an exact value.`,
          )
        }
      }
    }
    const problem = templateProblem(rule.title_template, 'title template') ?? templateProblem(rule.body_template, 'body template')
    if (problem) throw refuse(problem)
  }
  if (ids.size > 0) {
    const stored = new Set((await db.selectFrom('alert_rules').select('id').execute()).map((r) => r.id))
    for (const id of ids) {
      if (!stored.has(id)) {
        throw badRequest(
          `There is no stored rule ${id}; leave out the id of a new rule (GET /api/admin/alert-rules lists the stored ones).`,
          'invalid',
        )
      }
    }
  }
}

const rowOf = (rule: AlertRuleInput, position: number) => ({
  position,
  name: rule.name.trim(),
  enabled: rule.enabled ? 1 : 0,
  matchers: JSON.stringify(rule.matchers),
  cloud: rule.cloud?.trim() || null,
  cloud_label: rule.cloud_label?.trim() || null,
  services: JSON.stringify(rule.services.map((s) => s.trim()).filter(Boolean)),
  services_label: rule.services_label?.trim() || null,
  data_centers: JSON.stringify(rule.data_centers.map((s) => s.trim()).filter(Boolean)),
  data_centers_label: rule.data_centers_label?.trim() || null,
  severity: rule.severity,
  mode: rule.mode,
  on_resolve: rule.on_resolve,
  title_template: rule.title_template,
  body_template: rule.body_template,
  grace_seconds: rule.grace_seconds,
})

/**
 * Replaces the stored list with `rules` in one transaction (their order is the rules' order;
 * stored rules left out are deleted, their alert incidents keep running with `rule_id` null).
 * @returns the stored list before and after, for the audit log.
 * @throws HttpError 400 `invalid` (see {@link checkRules})
 */
export async function replaceAlertRules(
  db: Kysely<Database>,
  rules: readonly AlertRuleInput[],
): Promise<{ before: AlertRule[]; after: AlertRule[] }> {
  await checkRules(db, rules)
  return db.transaction().execute(async (trx) => {
    const before = await listAlertRules(trx)
    const keep = rules.flatMap((r) => (r.id === undefined ? [] : [r.id]))
    let del = trx.deleteFrom('alert_rules')
    if (keep.length > 0) del = del.where('id', 'not in', keep)
    await del.execute()
    for (const [position, rule] of rules.entries()) {
      if (rule.id === undefined) await trx.insertInto('alert_rules').values(rowOf(rule, position)).execute()
      else await trx.updateTable('alert_rules').set(rowOf(rule, position)).where('id', '=', rule.id).execute()
    }
    return { before, after: await listAlertRules(trx) }
  })
}

/**
 * The labels shared by every alert of a notification: Alertmanager's `commonLabels` (or
 * `commonAnnotations`), else the labels whose value is the same on every alert.
 */
export function commonOf(payload: AlertmanagerWebhook, field: 'labels' | 'annotations'): Record<string, string> {
  const given = field === 'labels' ? payload.commonLabels : payload.commonAnnotations
  if (given && Object.keys(given).length > 0) return { ...given }
  const [first, ...rest] = payload.alerts.map((a) => a[field] ?? {})
  if (!first) return {}
  return Object.fromEntries(Object.entries(first).filter(([k, v]) => rest.every((other) => other[k] === v)))
}

/**
 * The rule of a notification: the first enabled rule whose matchers all match the group's common
 * labels, or else every alert's labels. `undefined` when none does.
 */
export function pickRule(rules: readonly CompiledRule[], payload: AlertmanagerWebhook): CompiledRule | undefined {
  const common = commonOf(payload, 'labels')
  return rules.find((r) => r.enabled && (r.test(common) || (payload.alerts.length > 0 && payload.alerts.every((a) => r.test(a.labels)))))
}

/** The values a label gives: a comma-separated value names several (trimmed, empty ones left out). */
export const labelValues = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)

/** Fills a template with the group's common labels and annotations and its firing alerts' count. */
export function fillTemplate(
  template: string,
  labels: Readonly<Record<string, string>>,
  annotations: Readonly<Record<string, string>>,
  count: number,
): string {
  return template.replace(PLACEHOLDER, (_all, kind: string | undefined, name: string | undefined) => {
    if (kind === undefined) return String(count)
    const source = kind === 'labels' ? labels : annotations
    return Object.hasOwn(source, name!) ? source[name!] : ''
  })
}
