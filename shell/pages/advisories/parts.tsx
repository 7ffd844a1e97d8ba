/**
 * The site's security-advisory views (docs/operating/security-advisories.md#the-public-pages): the
 * rating mark, an advisory post's key facts (under its title) and security details (after it),
 * the advisory list's row facts and its rating filter and search.
 */
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import type { AdvisoryDetails, CvssScore, VexJustification, VexStatus } from '../../../contract/advisories'
import type { PrivilegedRecord } from '../../../contract/records'
import { formatTimestamp } from '../../../contract/time.js'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import * as css from './advisories.css'
import { advisoryMessages } from './messages'
import {
  csafHref,
  JUSTIFICATION_KEYS,
  type ListSearch,
  parseSummary,
  RATING_FILTERS,
  RATING_KEYS,
  ratingLevel,
  STATUS_KEYS,
  statementsOf,
} from './model'

/** A score as the page's language writes numbers, one decimal (`9.8`, `٩٫٨`). */
export function formatScore(score: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(score)
}

/**
 * A CVSS rating with its score: "Critical 9.8" in the text colour, four bars (as many filled as
 * the rating's place: None none, Critical all) and a border in the rating's colour.
 */
export function RatingMark({ score }: { score: Pick<CvssScore, 'score' | 'rating'> }) {
  const t = useMessages(advisoryMessages)
  const locale = useLocale()
  const level = ratingLevel(score.rating)
  return (
    <span className={`${css.rating} ${css.ratingColour[score.rating]}`} data-testid="cvss-rating" data-rating={score.rating}>
      <svg viewBox="0 0 18 14" className={css.bars} aria-hidden="true" focusable="false">
        {[0, 1, 2, 3].map((i) => (
          <rect
            key={i}
            x={i * 4.5 + 0.5}
            y={9.5 - i * 3}
            width="3.5"
            height={4 + i * 3}
            fill={i < level ? 'currentColor' : 'none'}
            stroke="currentColor"
          />
        ))}
      </svg>
      <span>
        {t[RATING_KEYS[score.rating]]} {formatScore(score.score, locale)}
      </span>
    </span>
  )
}

/** The glyph of each VEX status: a cross (affected), a check (fixed), a question mark (investigating), a shield (not affected). */
const STATUS_PATHS: Record<VexStatus, string> = {
  known_affected: 'M4 4l8 8M12 4l-8 8',
  fixed: 'M3 8.5l3.2 3.2L13 5',
  under_investigation: 'M5.5 6a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5V11M8 13.2v.1',
  known_not_affected: 'M8 1.8l5 2v4c0 3-2.2 5.2-5 6.4-2.8-1.2-5-3.4-5-6.4v-4zM5.6 8.2l1.7 1.7 3.2-3.4',
}

/** A VEX status: its glyph in the status's colour and its name. */
export function StatusMark({ status }: { status: VexStatus }) {
  const t = useMessages(advisoryMessages)
  return (
    <span className={`${css.status} ${css.statusColour[status]}`} data-testid="vex-status" data-status={status}>
      <svg viewBox="0 0 16 16" className={css.glyph} aria-hidden="true" focusable="false">
        <path d={STATUS_PATHS[status]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t[STATUS_KEYS[status]]}
    </span>
  )
}

/** The sentence of a justification. */
export function Justification({ value }: { value: VexJustification | null }) {
  const t = useMessages(advisoryMessages)
  return value ? <span data-testid="vex-justification">{t[JUSTIFICATION_KEYS[value]]}</span> : null
}

/** CVE ids as a list of left-to-right codes. */
export function CveList({ cves }: { cves: readonly string[] }) {
  return (
    <ul className={css.cveList} data-testid="cve-list">
      {cves.map((cve) => (
        <li key={cve}>
          <code className={css.cve} dir="ltr">
            {cve}
          </code>
        </li>
      ))}
    </ul>
  )
}

/** A score with its version: the mark and "(CVSS v3.1)". */
function ScoreWithVersion({ score }: { score: CvssScore }) {
  const t = useMessages(advisoryMessages)
  return (
    <>
      <RatingMark score={score} />
      <span className={css.muted}>{t.cvssVersion({ version: score.version })}</span>
    </>
  )
}

/**
 * An advisory post's key facts, under its title: the advisory id, the highest score with its
 * rating, the CVE ids and the TLP label — what a security engineer reads first.
 */
export function AdvisoryFacts({ details }: { details: AdvisoryDetails }) {
  const t = useMessages(advisoryMessages)
  return (
    <dl className={css.facts} data-testid="advisory-facts">
      <dt>{t.trackingId}</dt>
      <dd>
        <code className={css.code} dir="ltr" data-testid="tracking-id">
          {details.tracking_id}
        </code>
      </dd>
      <dt>{t.highest}</dt>
      <dd data-testid="highest-score">{details.highest ? <ScoreWithVersion score={details.highest} /> : t.notScored}</dd>
      <dt>{t.cves}</dt>
      <dd>
        <CveList cves={details.vulnerabilities.map((v) => v.cve)} />
      </dd>
      <dt>{t.tlp}</dt>
      <dd data-testid="tlp">{t.tlpClear}</dd>
    </dl>
  )
}

/** Props of {@link AdvisorySecurityDetails}. */
export interface AdvisorySecurityDetailsProps {
  details: AdvisoryDetails
  /** The VEX page of the post's cloud (`/{domain}/vex`). */
  vexHref: string
  timezone: string
  /** Level of the post's title: this section's heading is one below it. */
  level: 1 | 2 | 3
}

/**
 * An advisory post's security details, after the record: per vulnerability a table of its
 * scores with their vectors, its CWE and description; the affected products with versions, fixed
 * versions and each CVE's VEX status; acknowledgements; the revision history (newest first); and
 * links to the CSAF document and the VEX page.
 */
export function AdvisorySecurityDetails({ details, vexHref, timezone, level }: AdvisorySecurityDetailsProps) {
  const t = useMessages(advisoryMessages)
  const locale = useLocale()
  const id = useId()
  const H2 = `h${level + 1}` as 'h2' | 'h3' | 'h4'
  const H3 = `h${level + 2}` as 'h3' | 'h4' | 'h5'
  const H4 = `h${level + 3}` as 'h4' | 'h5' | 'h6'
  const csaf = csafHref(details)
  return (
    <section className={css.details} aria-labelledby={id} data-testid="advisory-details">
      <H2 id={id} className={css.heading}>
        {t.details}
      </H2>
      {details.vex_only && (
        <p className={css.note} data-testid="vex-only">
          {t.vexOnly}
        </p>
      )}
      <H3 className={css.subheading}>{t.vulnerabilities}</H3>
      {details.vulnerabilities.map((v) => (
        <section key={v.cve} className={css.vulnerability} data-testid="vulnerability" data-cve={v.cve}>
          <H4 className={css.vulnerabilityTitle}>
            <code className={css.code} dir="ltr">
              {v.cve}
            </code>
            <bdi>{v.title}</bdi>
          </H4>
          <table className={css.table}>
            <tbody>
              {[v.cvss_v4, v.cvss_v3].map((score) =>
                score ? (
                  <tr key={score.version} data-testid={`cvss-v${score.version}`}>
                    <th scope="row">{score.version === '4.0' ? t.colCvss4 : t.colCvss3}</th>
                    <td>
                      <RatingMark score={score} />{' '}
                      <code className={css.code} dir="ltr" data-testid="cvss-vector">
                        {score.vector}
                      </code>
                    </td>
                  </tr>
                ) : null,
              )}
              {!v.cvss_v3 && !v.cvss_v4 && (
                <tr>
                  <th scope="row">CVSS</th>
                  <td>{t.notScored}</td>
                </tr>
              )}
              {v.cwe && (
                <tr data-testid="cwe">
                  <th scope="row">{t.colCwe}</th>
                  <td>
                    <code className={css.code} dir="ltr">
                      {v.cwe.id}
                    </code>{' '}
                    {v.cwe.name}
                  </td>
                </tr>
              )}
              {v.description && (
                <tr>
                  <th scope="row">{t.colVulnerability}</th>
                  <td dir="auto">{v.description}</td>
                </tr>
              )}
            </tbody>
          </table>
        </section>
      ))}
      {details.products.length > 0 && (
        <>
          <H3 className={css.subheading}>{t.products}</H3>
          <ScrollTable label={t.products}>
            <table className={`${css.table} ${css.stacked}`} data-testid="products">
              <thead>
                <tr>
                  <th scope="col">{t.colProduct}</th>
                  <th scope="col">{t.colVersions}</th>
                  <th scope="col">{t.colFixed}</th>
                  <th scope="col">{t.colStatus}</th>
                </tr>
              </thead>
              <tbody>
                {details.products.map((p) => (
                  <tr key={p.id} data-testid="product">
                    <th scope="row">
                      <bdi>{p.name}</bdi>
                    </th>
                    <td data-label={t.colVersions}>{p.kind === 'cloud' ? t.service : (p.versions ?? t.allVersions)}</td>
                    <td data-label={t.colFixed}>{p.kind === 'cloud' ? '–' : (p.fixed_version ?? t.noFix)}</td>
                    <td>
                      <ul className={css.statementList}>
                        {statementsOf(details, p.id).map((s) => (
                          <li key={s.cve}>
                            {details.vulnerabilities.length > 1 && (
                              <>
                                <code className={css.code} dir="ltr">
                                  {s.cve}
                                </code>{' '}
                              </>
                            )}
                            <StatusMark status={s.status} /> <Justification value={s.justification} />
                            {s.note && (
                              <div className={css.muted} dir="auto">
                                {s.note}
                              </div>
                            )}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        </>
      )}
      {details.acknowledgements.length > 0 && (
        <>
          <H3 className={css.subheading}>{t.acknowledgements}</H3>
          <ul data-testid="acknowledgements">
            {details.acknowledgements.map((a) => (
              <li key={`${a.name}|${a.organization ?? ''}`}>{a.organization ? `${a.name}, ${a.organization}` : a.name}</li>
            ))}
          </ul>
        </>
      )}
      {details.revisions.length > 0 && (
        <>
          <H3 className={css.subheading}>{t.revisions}</H3>
          <table className={`${css.table} ${css.stacked}`} data-testid="revisions">
            <thead>
              <tr>
                <th scope="col">{t.colRevision}</th>
                <th scope="col">{t.colDate}</th>
                <th scope="col">{t.colChange}</th>
              </tr>
            </thead>
            <tbody>
              {[...details.revisions].reverse().map((r) => (
                <tr key={r.number}>
                  <td data-label={t.colRevision}>{r.number}</td>
                  <td data-label={t.colDate}>
                    <time dateTime={r.date}>{formatTimestamp(r.date, timezone, locale)}</time>
                  </td>
                  <td data-label={t.colChange}>
                    <bdi>{r.summary}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <p className={css.links}>
        {csaf && (
          <a href={csaf} type="application/json" data-testid="csaf-link">
            {t.csaf}
          </a>
        )}
        <a href={vexHref} data-testid="vex-link">
          {t.vexLink}
        </a>
      </p>
    </section>
  )
}

/** A wide table in a focusable, labelled region that scrolls sideways on narrow screens (WCAG 2.1.1). */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: role=region names the scrolling wrapper as axe's scrollable-region-focusable asks
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the wrapper scrolls sideways, so keyboard users must be able to focus it (WCAG 2.1.1)
    <div className={css.scroll} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}

/** An advisory list row's facts under its tags: the rating with its score, the advisory id and the CVE ids. */
export function AdvisoryRowFacts({ record }: { record: PrivilegedRecord }) {
  const t = useMessages(advisoryMessages)
  const summary = parseSummary(record.advisory_summary)
  if (!summary) return null
  return (
    <div className={css.rowFacts} data-testid="advisory-row">
      {summary.highest ? <RatingMark score={summary.highest} /> : <span className={css.muted}>{t.notScored}</span>}
      <code className={css.code} dir="ltr">
        {summary.tracking_id}
      </code>
      <CveList cves={summary.cves} />
    </div>
  )
}

/**
 * The advisory list's rating filter (a select of {@link RATING_FILTERS}, applied at once) and its
 * search (a search field applied on submit, with a clear button while a search is shown).
 */
export function AdvisoryFilters({ value, onChange }: { value: ListSearch; onChange: (next: ListSearch) => void }) {
  const t = useMessages(advisoryMessages)
  const [text, setText] = useState(value.q)
  const ratingId = useId()
  const searchId = useId()
  const hintId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onChange({ ...value, q: text.trim() })
  }
  return (
    <div className={css.filters} data-testid="advisory-filters">
      <div className={css.field}>
        <label className={css.label} htmlFor={ratingId}>
          {t.ratingFilter}
        </label>
        <select
          id={ratingId}
          className={css.input}
          value={value.rating}
          onChange={(e) => onChange({ ...value, rating: e.currentTarget.value as ListSearch['rating'] })}
          data-testid="rating-filter"
        >
          {RATING_FILTERS.map((r) => (
            <option key={r} value={r}>
              {r === '' ? t.allRatings : r === 'Critical' ? t.criticalOnly : t.ratingAndAbove({ rating: t[RATING_KEYS[r]] })}
            </option>
          ))}
        </select>
      </div>
      <form className={css.field} onSubmit={submit}>
        <label className={css.label} htmlFor={searchId}>
          {t.search}
        </label>
        <span className={css.searchRow}>
          <input
            id={searchId}
            className={css.input}
            type="search"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            aria-describedby={hintId}
            maxLength={200}
            data-testid="advisory-search"
          />
          <button type="submit" className={css.actionButton} data-testid="advisory-search-submit">
            {t.searchButton}
          </button>
          {value.q && (
            <button
              type="button"
              className={css.actionButton}
              onClick={() => {
                setText('')
                onChange({ ...value, q: '' })
              }}
              data-testid="advisory-search-clear"
            >
              {t.clearSearch}
            </button>
          )}
        </span>
        <span id={hintId} className={css.hint}>
          {t.searchHint}
        </span>
      </form>
    </div>
  )
}
