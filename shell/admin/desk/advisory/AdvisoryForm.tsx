import { type FormEvent, type ReactNode, useState } from 'react'
import type { AdvisoryDetails } from '../../../../contract/advisories'
import type { CatalogCloud } from '../../../../contract/catalog'
import type { DeskRecordDetail } from '../../../../contract/desk'
import { formatTimestamp } from '../../../../contract/time.js'
import { useLocale, useMessages } from '../../../../widgets/core/i18n/react'
import { Field } from '../../../accounts/Field'
import * as forms from '../../../accounts/accounts.css'
import * as styles from '../../admin.css'
import { Checkbox, Select, TextArea } from '../../controls'
import { SaveBar } from '../../SaveMessages'
import { useSave } from '../../save'
import * as desk from '../desk.css'
import { ActionBox } from '../RecordActions'
import * as css from './advisory.css'
import { saveAdvisory } from './api'
import { CvssCalculator } from './CvssCalculator'
import { advisoryMessages } from './messages'
import {
  type AdvisoryDraft,
  advisoryBody,
  advisoryDraft,
  emptyVulnerability,
  justificationOptions,
  nextProductId,
  ratingName,
  type ProductDraft,
  type StatementDraft,
  statusOptions,
  type VulnerabilityDraft,
  withoutProduct,
} from './model'

/** Props of {@link AdvisoryForm}. */
export interface AdvisoryFormProps {
  /** An advisory record. */
  detail: DeskRecordDetail
  /** The catalogue's clouds (the products of kind `cloud`). */
  clouds: readonly Pick<CatalogCloud, 'machine_name' | 'title'>[]
  /** The operator's IANA zone (revision dates). */
  zone: string
  /** After the server accepted it: what to say; the screen reloads the record. */
  onDone: (message: string) => void
}

/** A small button of a list (Add …, Remove …) on its own line. */
function ListButton({ label, onClick, testId }: { label: string; onClick: () => void; testId?: string }) {
  return (
    <p className={styles.actions}>
      <button type="button" className={styles.small} onClick={onClick} data-testid={testId}>
        {label}
      </button>
    </p>
  )
}

/** A text field of {@link TextFields}: `ltr` for codes and versions, left to right in Arabic too. */
interface TextSpec {
  id: string
  label: string
  value: string
  set: (value: string) => void
  ltr?: boolean
}

/** Labelled text fields, one per spec. */
function TextFields({ fields }: { fields: readonly TextSpec[] }) {
  return fields.map((f) => (
    <Field
      key={f.id}
      id={f.id}
      label={f.label}
      value={f.value}
      dir={f.ltr ? 'ltr' : undefined}
      spellCheck={f.ltr ? false : undefined}
      onChange={(e) => f.set(e.target.value)}
    />
  ))
}

/** One item of a list (a product, a statement, an acknowledgement): its fields and its Remove button. */
function ListRow({ testId, remove, onRemove, children }: { testId?: string; remove: string; onRemove: () => void; children: ReactNode }) {
  return (
    <div className={css.row} data-testid={testId}>
      {children}
      <ListButton label={remove} onClick={onRemove} />
    </div>
  )
}

/** The saved tracking id, TLP and revision history (oldest first). */
function SavedFacts({ advisory, zone }: { advisory: AdvisoryDetails | null; zone: string }) {
  const t = useMessages(advisoryMessages)
  const locale = useLocale()
  if (!advisory) return <p className={styles.note}>{t.notSavedYet}</p>
  return (
    <>
      <p className={styles.note} data-testid="advisory-tracking">
        {t.trackingId({ id: advisory.tracking_id })}
      </p>
      <h3 className={styles.subTitle}>{t.revisionHistory}</h3>
      <ol className={css.revisions} data-testid="advisory-revisions">
        {advisory.revisions.map((r) => (
          <li key={r.number}>
            {t.revision({ number: r.number })} · {formatTimestamp(r.date, zone, locale)} · {r.summary}
          </li>
        ))}
      </ol>
    </>
  )
}

/**
 * An advisory's security details for the roles that may not change them: the tracking ID, the
 * revision history and each CVE with its title and highest score; nothing before the first save.
 */
export function AdvisoryFacts({ advisory, zone }: { advisory: AdvisoryDetails | null; zone: string }) {
  const t = useMessages(advisoryMessages)
  return (
    <section className={desk.action} aria-labelledby="advisory-facts-title" data-testid="advisory-facts">
      <h2 className={desk.actionTitle} id="advisory-facts-title">
        {t.securityDetails}
      </h2>
      {advisory ? <SavedFacts advisory={advisory} zone={zone} /> : <p className={styles.note}>{t.none}</p>}
      {advisory && (
        <ul className={css.revisions}>
          {advisory.vulnerabilities.map((v) => {
            const best = v.cvss_v4 ?? v.cvss_v3
            return (
              <li key={v.cve}>
                <span dir="ltr">{v.cve}</span> · {v.title}
                {best && (
                  <>
                    {' · '}
                    <span className={css.ratings[best.rating]}>
                      {t.baseScore({ score: best.score.toFixed(1), rating: ratingName(t, best.rating) })}
                    </span>
                  </>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

/**
 * "Security details" of an advisory on its record screen (docs/operating/console-and-desk.md#security-details):
 * the products (catalogue clouds, or installable software with affected versions and the fixed
 * version), each vulnerability's CVE ID, title, description, CWE, CVSS v3.1 and v4.0 calculators
 * and VEX statements per product, acknowledgements, and the revision summary →
 * `PUT /api/admin/records/{id}/advisory`. The server checks everything and says what to fix; the
 * saved tracking ID and revision history are shown above the form.
 */
export function AdvisoryForm({ detail, clouds, zone, onDone }: AdvisoryFormProps) {
  const t = useMessages(advisoryMessages)
  const [draft, setDraft] = useState<AdvisoryDraft>(() => advisoryDraft(detail.advisory))
  const save = useSave()
  const change = (patch: Partial<AdvisoryDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const setProduct = (i: number, patch: Partial<ProductDraft>) =>
    setDraft((d) => ({ ...d, products: d.products.map((p, j) => (j === i ? { ...p, ...patch } : p)) }))
  const setVulnerability = (i: number, patch: Partial<VulnerabilityDraft>) =>
    setDraft((d) => ({ ...d, vulnerabilities: d.vulnerabilities.map((v, j) => (j === i ? { ...v, ...patch } : v)) }))
  const setStatement = (i: number, k: number, patch: Partial<StatementDraft>) =>
    setDraft((d) => ({
      ...d,
      vulnerabilities: d.vulnerabilities.map((v, j) =>
        j === i ? { ...v, statements: v.statements.map((s, l) => (l === k ? { ...s, ...patch } : s)) } : v,
      ),
    }))
  const productLabel = (p: ProductDraft, n: number) =>
    p.kind === 'cloud'
      ? `${t.productN({ n })}: ${clouds.find((c) => c.machine_name === p.cloud)?.title ?? p.cloud}`
      : `${t.productN({ n })}: ${p.name}`
  const productOptions = [
    { value: '', label: t.chooseProduct },
    ...draft.products.map((p, i) => ({ value: p.id, label: productLabel(p, i + 1) })),
  ]
  /** A statement's selects: the product, the status, and the justification of `known_not_affected`. */
  const statementSelects = (s: StatementDraft, m: number) => [
    { key: 'product' as const, label: `${t.statementN({ n: m })}: ${t.product}`, options: productOptions },
    { key: 'status' as const, label: t.vexStatus, options: statusOptions(t) },
    ...(s.status === 'known_not_affected'
      ? [{ key: 'justification' as const, label: t.justification, options: justificationOptions(t) }]
      : []),
  ]
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save.run(() =>
      saveAdvisory(detail.id, advisoryBody(draft)).then((saved) => {
        onDone(t.saved({ id: saved.tracking_id, number: saved.revisions.at(-1)?.number ?? '1' }))
        return undefined
      }),
    )
  }
  const state = save.state.kind === 'saved' ? { kind: 'idle' as const } : save.state

  return (
    <div data-testid="advisory-details">
      <ActionBox id="advisory-title" title={t.securityDetails}>
        <p className={styles.note}>{t.securityDetailsHint}</p>
        <SavedFacts advisory={detail.advisory} zone={zone} />
        <form className={styles.group} onSubmit={submit} noValidate aria-labelledby="advisory-title">
          <Checkbox label={t.vexOnly} checked={draft.vexOnly} onChange={(vexOnly) => change({ vexOnly })} />

          <fieldset className={css.box} data-testid="advisory-products">
            <legend className={css.legend}>{t.products}</legend>
            {draft.products.map((p, i) => {
              const n = i + 1
              const at = `advisory-product-${i}`
              return (
                <ListRow key={p.id} testId={at} remove={t.removeProduct({ n })} onRemove={() => setDraft((d) => withoutProduct(d, p.id))}>
                  <Select
                    id={`${at}-kind`}
                    label={`${t.productN({ n })}: ${t.productKind}`}
                    value={p.kind}
                    options={[
                      { value: 'cloud', label: t.kindCloud },
                      { value: 'software', label: t.kindSoftware },
                    ]}
                    onChange={(kind) => setProduct(i, { kind: kind as ProductDraft['kind'] })}
                  />
                  {p.kind === 'cloud' ? (
                    <Select
                      id={`${at}-cloud`}
                      label={t.cloud}
                      value={p.cloud}
                      options={[{ value: '', label: t.chooseCloud }, ...clouds.map((c) => ({ value: c.machine_name, label: c.title }))]}
                      onChange={(cloud) => setProduct(i, { cloud })}
                    />
                  ) : (
                    <TextFields
                      fields={[
                        { id: `${at}-name`, label: t.softwareName, value: p.name, set: (name) => setProduct(i, { name }) },
                        {
                          id: `${at}-versions`,
                          label: t.affectedVersions,
                          value: p.versions,
                          set: (versions) => setProduct(i, { versions }),
                          ltr: true,
                        },
                        {
                          id: `${at}-fixed`,
                          label: t.fixedVersion,
                          value: p.fixed_version,
                          set: (fixed_version) => setProduct(i, { fixed_version }),
                          ltr: true,
                        },
                      ]}
                    />
                  )}
                </ListRow>
              )
            })}
            <ListButton
              label={t.addProduct}
              testId="advisory-add-product"
              onClick={() =>
                setDraft((d) => ({
                  ...d,
                  products: [
                    ...d.products,
                    {
                      id: nextProductId(d.products),
                      kind: 'cloud',
                      cloud: clouds[0]?.machine_name ?? '',
                      name: '',
                      versions: '',
                      fixed_version: '',
                    },
                  ],
                }))
              }
            />
          </fieldset>

          {draft.vulnerabilities.map((v, i) => {
            const n = i + 1
            const at = `advisory-vulnerability-${i}`
            return (
              <fieldset key={v.key} className={css.box} data-testid={at}>
                <legend className={css.legend}>
                  {v.cve.trim() ? `${t.vulnerabilityN({ n })}: ${v.cve.trim()}` : t.vulnerabilityN({ n })}
                </legend>
                <div className={styles.grid}>
                  <TextFields
                    fields={[
                      { id: `${at}-cve`, label: t.cve, value: v.cve, set: (cve) => setVulnerability(i, { cve }), ltr: true },
                      { id: `${at}-title`, label: t.vulnerabilityTitle, value: v.title, set: (title) => setVulnerability(i, { title }) },
                    ]}
                  />
                </div>
                <TextArea
                  id={`${at}-description`}
                  label={t.vulnerabilityDescription}
                  rows={3}
                  value={v.description}
                  onChange={(description) => setVulnerability(i, { description })}
                />
                <TextFields
                  fields={[{ id: `${at}-cwe`, label: t.cweId, value: v.cweId, set: (cweId) => setVulnerability(i, { cweId }), ltr: true }]}
                />
                {/* The server names the CWE from the CWE list; its name shows once saved. */}
                {v.cweName && v.cweId.trim().toUpperCase() === v.cweId0 && (
                  <p className={styles.hint} data-testid={`${at}-cwe-name`}>
                    {t.cweName}: {v.cweName}
                  </p>
                )}
                <CvssCalculator id={`${at}-v4`} version="4.0" vector={v.v4} onChange={(v4) => setVulnerability(i, { v4 })} />
                <CvssCalculator id={`${at}-v3`} version="3.1" vector={v.v3} onChange={(v3) => setVulnerability(i, { v3 })} />

                <fieldset className={css.box} data-testid={`${at}-statements`}>
                  <legend className={css.legend}>{t.statements}</legend>
                  {v.statements.map((s, k) => {
                    const m = k + 1
                    const sid = `${at}-statement-${k}`
                    return (
                      <ListRow
                        key={sid}
                        testId={sid}
                        remove={t.removeStatement({ n: m })}
                        onRemove={() => setVulnerability(i, { statements: v.statements.filter((_, l) => l !== k) })}
                      >
                        {statementSelects(s, m).map((f) => (
                          <Select
                            key={f.key}
                            id={`${sid}-${f.key}`}
                            label={f.label}
                            value={s[f.key]}
                            options={f.options}
                            onChange={(value) => setStatement(i, k, { [f.key]: value })}
                          />
                        ))}
                        <TextFields
                          fields={[
                            { id: `${sid}-note`, label: t.statementNote, value: s.note, set: (note) => setStatement(i, k, { note }) },
                          ]}
                        />
                      </ListRow>
                    )
                  })}
                  {draft.products.length === 0 ? (
                    <p className={styles.note}>{t.addProductsFirst}</p>
                  ) : (
                    <ListButton
                      label={t.addStatement}
                      testId={`${at}-add-statement`}
                      onClick={() =>
                        setVulnerability(i, {
                          statements: [
                            ...v.statements,
                            { product: draft.products[0].id, status: 'known_affected', justification: '', note: '' },
                          ],
                        })
                      }
                    />
                  )}
                </fieldset>
                <ListButton
                  label={t.removeVulnerability({ n })}
                  onClick={() => change({ vulnerabilities: draft.vulnerabilities.filter((_, j) => j !== i) })}
                />
              </fieldset>
            )
          })}
          <ListButton
            label={t.addCve}
            testId="advisory-add-cve"
            onClick={() => setDraft((d) => ({ ...d, vulnerabilities: [...d.vulnerabilities, emptyVulnerability()] }))}
          />

          <fieldset className={css.box} data-testid="advisory-acknowledgements">
            <legend className={css.legend}>{t.acknowledgements}</legend>
            {draft.acknowledgements.map((a, i) => {
              const n = i + 1
              const at = `advisory-ack-${i}`
              const set = (patch: Partial<typeof a>) =>
                change({ acknowledgements: draft.acknowledgements.map((b, j) => (j === i ? { ...b, ...patch } : b)) })
              return (
                <ListRow
                  key={at}
                  remove={t.removeAcknowledgement({ n })}
                  onRemove={() => change({ acknowledgements: draft.acknowledgements.filter((_, j) => j !== i) })}
                >
                  <TextFields
                    fields={[
                      { id: `${at}-name`, label: `${t.acknowledgementN({ n })}: ${t.name}`, value: a.name, set: (name) => set({ name }) },
                      { id: `${at}-org`, label: t.organization, value: a.organization, set: (organization) => set({ organization }) },
                    ]}
                  />
                </ListRow>
              )
            })}
            <ListButton
              label={t.addAcknowledgement}
              onClick={() => change({ acknowledgements: [...draft.acknowledgements, { name: '', organization: '' }] })}
            />
          </fieldset>

          <div className={forms.field}>
            <Field
              id="advisory-summary"
              label={t.revisionSummary}
              value={draft.summary}
              aria-describedby="advisory-summary-hint"
              onChange={(e) => change({ summary: e.target.value })}
            />
            <p className={styles.hint} id="advisory-summary-hint">
              {t.revisionSummaryHint}
            </p>
          </div>
          <Checkbox label={t.notify} checked={draft.notify} onChange={(notify) => change({ notify })} />
          <SaveBar state={state} saving={save.saving} label={t.save} />
        </form>
      </ActionBox>
    </div>
  )
}
