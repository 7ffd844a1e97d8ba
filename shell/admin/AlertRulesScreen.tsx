import { type FormEvent, useState } from 'react'
import type { AlertMatcher, AlertRule, AlertRuleFields, AlertRulesData } from '../../contract/alerts'
import type { ApiAnswer } from '../../contract/common'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { dataOf, is, request } from '../../widgets/core/request'
import { Field } from '../accounts/Field'
import * as forms from '../accounts/accounts.css'
import * as styles from './admin.css'
import { notPermittedText } from './access'
import { useCloudChoices } from './clouds'
import { ConsoleScreen } from './ConsoleScreen'
import { Checkbox, MoveButtons, Select, TextArea } from './controls'
import { LoadProblem } from './LoadProblem'
import { adminAlertRuleMessages, adminMessages, adminNavMessages } from './messages'
import { SaveBar } from './SaveMessages'
import { useSave } from './save'
import { useLoad } from './use-load'

/** A rule as the form holds it: `key` tells rows apart before they have an id; lists are comma-separated text. */
interface RuleDraft extends Omit<AlertRuleFields, 'services' | 'data_centers' | 'grace_seconds'> {
  key: number
  id?: number
  services: string
  data_centers: string
  grace_seconds: string
}

/** The defaults of a new rule (`DEFAULT_GRACE_SECONDS` of `contract/alerts.ts`, a schema module: 300 s). */
const NEW_RULE: Omit<RuleDraft, 'key' | 'name'> = {
  enabled: true,
  matchers: [{ label: 'alertname', op: '=', value: '' }],
  cloud: null,
  cloud_label: null,
  services: '',
  services_label: null,
  data_centers: '',
  data_centers_label: null,
  severity: 'disruption',
  mode: 'draft',
  on_resolve: 'resolve',
  title_template: '{{ $labels.alertname }}: {{ $annotations.summary }}',
  body_template: '{{ $annotations.description }}',
  grace_seconds: '300',
}

const OPS: readonly AlertMatcher['op'][] = ['=', '!=', '=~', '!~']

const isRules = (d: unknown): d is AlertRulesData => is.object(d) && is.array(d.rules)

const fetchRules = async (signal?: AbortSignal) =>
  dataOf(await request<ApiAnswer<AlertRulesData>>('/api/admin/alert-rules', { signal }), isRules)

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
const orNull = (text: string | null) => (text?.trim() ? text.trim() : null)

let nextKey = 1
const draftOf = (rule: AlertRule): RuleDraft => ({
  ...rule,
  key: nextKey++,
  services: rule.services.join(', '),
  data_centers: rule.data_centers.join(', '),
  grace_seconds: String(rule.grace_seconds),
})

/** The body of `PUT /api/admin/alert-rules` (`PutAlertRulesBody`): the drafts in their order. */
const bodyOf = (drafts: readonly RuleDraft[]) => ({
  rules: drafts.map(({ key: _key, services, data_centers, grace_seconds, ...rule }) => ({
    ...rule,
    name: rule.name.trim(),
    cloud: rule.cloud_label === null ? orNull(rule.cloud) : null,
    cloud_label: rule.cloud_label === null ? null : rule.cloud_label.trim(),
    services: list(services),
    services_label: orNull(rule.services_label),
    data_centers: list(data_centers),
    data_centers_label: orNull(rule.data_centers_label),
    matchers: rule.matchers.map((m) => ({ ...m, label: m.label.trim() })),
    grace_seconds: Number(grace_seconds),
  })),
})

/**
 * The alert rules screen (docs/operating/alertmanager.md; `GET/PUT /api/admin/alert-rules`): the
 * ordered rules that map an Alertmanager alert group onto an incident — the first enabled rule
 * whose matchers all match wins. Each rule names its matchers, its cloud (fixed, or the value of a
 * label), services and data centers (fixed names and/or a label naming them), severity, whether
 * the incident is drafted for the desk or published at once, what its alerts' resolution does,
 * the title and body templates and the grace period for flapping. With the `records` permission
 * the list is edited and saved whole; the server's refusals name the rule and what to change.
 */
export function AlertRulesScreen({ canEdit }: { canEdit: boolean }) {
  const nav = useMessages(adminNavMessages)
  const t = useMessages(adminAlertRuleMessages)
  const locale = useLocale()
  const loaded = useLoad(fetchRules)
  const data = loaded.state.data
  return (
    <ConsoleScreen testId="admin-alert-rules" title={nav.alertRules}>
      <p className={styles.note}>{t.intro}</p>
      {!canEdit && <p className={styles.note}>{notPermittedText('records', locale)}</p>}
      {(!data || loaded.state.status === 'error') && <LoadProblem state={loaded.state} what={t.theRules} onRetry={loaded.reload} />}
      {data && <RulesForm rules={data.rules} canEdit={canEdit} onSaved={loaded.replace} />}
    </ConsoleScreen>
  )
}

function RulesForm({ rules, canEdit, onSaved }: { rules: AlertRule[]; canEdit: boolean; onSaved: (data: AlertRulesData) => void }) {
  const [drafts, setDrafts] = useState(() => rules.map(draftOf))
  const save = useSave()
  const t = useMessages(adminAlertRuleMessages)
  const change = (key: number, patch: Partial<RuleDraft>) => setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...patch } : d)))
  const move = (index: number, delta: -1 | 1) =>
    setDrafts((all) => {
      const next = [...all]
      const [rule] = next.splice(index, 1)
      next.splice(index + delta, 0, rule)
      return next
    })
  const add = () => setDrafts((all) => [...all, { ...NEW_RULE, matchers: [...NEW_RULE.matchers], key: nextKey++, name: '' }])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems = drafts.flatMap((d, i) => {
      const where = t.ruleN({ n: String(i + 1), name: d.name.trim() || t.unnamed })
      return [
        ...(d.name.trim() ? [] : [`${where}: ${t.nameRequired}`]),
        ...(d.cloud_label === null && !d.cloud ? [`${where}: ${t.cloudRequired}`] : []),
        ...(d.cloud_label !== null && !d.cloud_label.trim() ? [`${where}: ${t.cloudLabelRequired}`] : []),
        ...(/^\d+$/.test(d.grace_seconds.trim()) ? [] : [`${where}: ${t.graceNumber}`]),
      ]
    })
    if (problems.length) {
      save.setState({ kind: 'invalid', messages: problems })
      return
    }
    void save.run(async () => {
      const saved = dataOf(
        await request<ApiAnswer<AlertRulesData>>('/api/admin/alert-rules', { method: 'PUT', body: bodyOf(drafts) }),
        isRules,
      )
      // The saved rules, with the ids the new ones got: the next save keeps them.
      setDrafts(saved.rules.map(draftOf))
      onSaved(saved)
      return { message: t.savedCount({ count: String(saved.rules.length) }) }
    })
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t.form}>
      {drafts.length === 0 && <p role="status">{t.none}</p>}
      <ol className={styles.list} data-testid="alert-rule-list">
        {drafts.map((d, i) => (
          <li key={d.key} className={styles.panel} data-testid="alert-rule">
            <RuleEditor
              draft={d}
              index={i}
              count={drafts.length}
              canEdit={canEdit}
              onChange={(patch) => change(d.key, patch)}
              onMove={(delta) => move(i, delta)}
              onRemove={() => setDrafts((all) => all.filter((x) => x.key !== d.key))}
            />
          </li>
        ))}
      </ol>
      {canEdit && (
        <>
          <p className={styles.actions}>
            <button type="button" className={forms.secondary} onClick={add}>
              {t.addRule}
            </button>
          </p>
          <SaveBar state={save.state} saving={save.saving} label={t.saveRules} />
        </>
      )}
    </form>
  )
}

/** One rule's fields; ids are `alert-rule-{n}-…` (n from 1, in the list's order). */
function RuleEditor({
  draft: d,
  index,
  count,
  canEdit,
  onChange,
  onMove,
  onRemove,
}: {
  draft: RuleDraft
  index: number
  count: number
  canEdit: boolean
  onChange: (patch: Partial<RuleDraft>) => void
  onMove: (delta: -1 | 1) => void
  onRemove: () => void
}) {
  const t = useMessages(adminAlertRuleMessages)
  const a = useMessages(adminMessages)
  const clouds = useCloudChoices(d.cloud ? [d.cloud] : [])
  const id = `alert-rule-${index + 1}`
  const name = d.name.trim() || t.unnamed
  const of = (label: string) => t.fieldOf({ field: label, rule: name })
  const setMatcher = (i: number, patch: Partial<AlertMatcher>) =>
    onChange({ matchers: d.matchers.map((m, j) => (j === i ? { ...m, ...patch } : m)) })
  const opName = (op: AlertMatcher['op']) => ({ '=': t.opEquals, '!=': t.opNotEquals, '=~': t.opMatches, '!~': t.opNotMatches })[op]

  return (
    <fieldset className={styles.fieldset} disabled={!canEdit}>
      <legend className={styles.legend}>{t.ruleN({ n: String(index + 1), name })}</legend>
      <Field
        id={`${id}-name`}
        label={t.name}
        autoComplete="off"
        maxLength={120}
        value={d.name}
        onChange={(e) => onChange({ name: e.target.value })}
      />
      <Checkbox label={t.enabled} context={name} checked={d.enabled} onChange={(enabled) => onChange({ enabled })} />

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t.matchers}</legend>
        <p className={styles.hint}>{t.matchersHint}</p>
        {d.matchers.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: matchers have no identity but their place
          <div key={i} className={styles.grid} data-testid="alert-rule-matcher">
            <Field
              id={`${id}-matcher-${i + 1}-label`}
              label={t.matcherLabel({ n: String(i + 1) })}
              autoComplete="off"
              value={m.label}
              onChange={(e) => setMatcher(i, { label: e.target.value })}
            />
            <Select
              id={`${id}-matcher-${i + 1}-op`}
              label={t.matcherOp({ n: String(i + 1) })}
              value={m.op}
              options={OPS.map((op) => ({ value: op, label: `${op} ${opName(op)}` }))}
              onChange={(op) => setMatcher(i, { op: op as AlertMatcher['op'] })}
            />
            <Field
              id={`${id}-matcher-${i + 1}-value`}
              label={t.matcherValue({ n: String(i + 1) })}
              autoComplete="off"
              value={m.value}
              onChange={(e) => setMatcher(i, { value: e.target.value })}
            />
            {canEdit && (
              <p className={styles.actions}>
                <button
                  type="button"
                  className={styles.small}
                  aria-label={t.removeMatcherOf({ n: String(i + 1), rule: name })}
                  onClick={() => onChange({ matchers: d.matchers.filter((_, j) => j !== i) })}
                >
                  {t.removeMatcher}
                </button>
              </p>
            )}
          </div>
        ))}
        {canEdit && (
          <p className={styles.actions}>
            <button
              type="button"
              className={styles.small}
              aria-label={of(t.addMatcher)}
              onClick={() => onChange({ matchers: [...d.matchers, { label: '', op: '=', value: '' }] })}
            >
              {t.addMatcher}
            </button>
          </p>
        )}
      </fieldset>

      <div className={styles.grid}>
        <Select
          id={`${id}-cloud`}
          label={t.cloud}
          value={d.cloud_label === null ? (d.cloud ?? '') : '\u0000label'}
          options={[{ value: '', label: t.chooseCloud }, ...clouds, { value: '\u0000label', label: t.cloudFromLabel }]}
          onChange={(v) =>
            onChange(v === '\u0000label' ? { cloud: null, cloud_label: d.cloud_label ?? 'cloud' } : { cloud: v || null, cloud_label: null })
          }
        />
        {d.cloud_label !== null && (
          <Field
            id={`${id}-cloud-label`}
            label={t.cloudLabel}
            autoComplete="off"
            value={d.cloud_label}
            onChange={(e) => onChange({ cloud_label: e.target.value })}
          />
        )}
        {(
          [
            ['services', t.services, d.services],
            ['services_label', t.servicesLabel, d.services_label ?? ''],
            ['data_centers', t.dataCenters, d.data_centers],
            ['data_centers_label', t.dataCentersLabel, d.data_centers_label ?? ''],
          ] as const
        ).map(([key, label, value]) => (
          <Field
            key={key}
            id={`${id}-${key.replace(/_/g, '-')}`}
            label={label}
            autoComplete="off"
            value={value}
            onChange={(e) => onChange({ [key]: e.target.value })}
          />
        ))}
      </div>
      <p className={styles.hint}>{t.affectedHint}</p>

      <div className={styles.grid}>
        {(
          [
            [
              'severity',
              t.severity,
              [
                ['disruption', t.disruption],
                ['degradation', t.degradation],
              ],
            ],
            [
              'mode',
              t.mode,
              [
                ['draft', t.modeDraft],
                ['publish', t.modePublish],
              ],
            ],
            [
              'on_resolve',
              t.onResolve,
              [
                ['resolve', t.onResolveResolve],
                ['offer', t.onResolveOffer],
              ],
            ],
          ] as const
        ).map(([key, label, options]) => (
          <Select
            key={key}
            id={`${id}-${key.replace(/_/g, '-')}`}
            label={label}
            value={d[key]}
            options={options.map(([value, text]) => ({ value, label: text }))}
            onChange={(v) => onChange({ [key]: v })}
          />
        ))}
        <Field
          id={`${id}-grace`}
          label={t.grace}
          type="number"
          inputMode="numeric"
          min={0}
          max={86400}
          value={d.grace_seconds}
          onChange={(e) => onChange({ grace_seconds: e.target.value })}
        />
      </div>
      <Field
        id={`${id}-title`}
        label={t.titleTemplate}
        // Templates read left to right in every language: `{{ $labels.NAME }}` is code.
        dir="ltr"
        autoComplete="off"
        maxLength={300}
        value={d.title_template}
        onChange={(e) => onChange({ title_template: e.target.value })}
      />
      <TextArea
        id={`${id}-body`}
        label={t.bodyTemplate}
        hint={t.templateHint}
        rows={3}
        value={d.body_template}
        onChange={(body_template) => onChange({ body_template })}
      />
      {canEdit && (
        <p className={styles.actions}>
          <MoveButtons
            id={id}
            upLabel={a.moveUp({ name })}
            downLabel={a.moveDown({ name })}
            atTop={index === 0}
            atBottom={index === count - 1}
            onMove={onMove}
          />
          <button type="button" className={styles.small} aria-label={t.removeRuleOf({ rule: name })} onClick={onRemove}>
            {t.removeRule}
          </button>
        </p>
      )}
    </fieldset>
  )
}
