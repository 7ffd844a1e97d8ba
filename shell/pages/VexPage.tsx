import { useStore } from '@nanostores/react'
import { useId, useState } from 'react'
import type { ApiAnswer } from '../../contract/common'
import type { Cloud } from '../../contract/global'
import type { VexCve, VexData, VexProductAnswer } from '../../contract/vex'
import { useMessages } from '../../widgets/core/i18n/react'
import { useResource } from '../../widgets/core/react'
import { request } from '../../widgets/core/request'
import { LoadState } from '../../widgets/core/ui'
import { $router } from '../routes'
import { rich } from './content/rich'
import * as css from './advisories/advisories.css'
import { advisoryMessages } from './advisories/messages'
import { ANSWER_KEYS, parseVexAnswer, searchVex } from './advisories/model'
import { CveList, Justification, RatingMark, ScrollTable, StatusMark } from './advisories/parts'

/**
 * The VEX page, `/{domain}/vex` (docs/operating/security-advisories.md#the-public-pages): every CVE
 * the cloud's advisories make VEX statements about, with per product its status, justification
 * and note, and the advisory that says so. A whole CVE id typed in the search field (or given as
 * `?cve=`) shows the answers to "Is {product} affected by {CVE}?"; the start of an id narrows the
 * list. On the demo site a note says its CVE ids are invented.
 */
export default function VexPage({ cloud }: { cloud: Cloud }) {
  const t = useMessages(advisoryMessages)
  const page = useStore($router)
  const [query, setQuery] = useState(() => (page?.search as Record<string, string | undefined> | undefined)?.cve ?? '')
  const titleId = useId()
  const searchId = useId()
  const hintId = useId()
  const state = useResource(
    async (signal) => parseVexAnswer(await request<ApiAnswer<VexData>>('/api/vex', { query: { cloud: cloud.machine_name }, signal })),
    [cloud.machine_name],
  )
  const change = (text: string) => {
    setQuery(text)
    const cve = text.trim()
    history.replaceState(history.state, '', `${location.pathname}${cve ? `?cve=${encodeURIComponent(cve)}` : ''}`)
  }
  return (
    <section className={css.page} aria-labelledby={titleId} data-testid="vex-page">
      <h1 id={titleId} className={css.pageTitle}>
        {t.vexTitle}
      </h1>
      <p className={css.note}>{t.vexIntro}</p>
      <div className={`${css.field} ${css.narrowField}`}>
        <label className={css.label} htmlFor={searchId}>
          {t.vexSearch}
        </label>
        <input
          id={searchId}
          className={css.input}
          type="search"
          value={query}
          onChange={(e) => change(e.currentTarget.value)}
          aria-describedby={hintId}
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          data-testid="vex-search"
        />
        <span id={hintId} className={css.hint}>
          {t.vexHint}
        </span>
      </div>
      <LoadState state={state} loadingLabel={t.loading}>
        {(data) => (
          <>
            {data.demo && (
              <p className={css.demo} data-testid="demo-note">
                {t.demoNote}
              </p>
            )}
            <VexResults data={data} query={query} domain={cloud.domain} />
          </>
        )}
      </LoadState>
    </section>
  )
}

/** What the search shows: the answers for a whole CVE id, else the CVEs it narrows to. */
function VexResults({ data, query, domain }: { data: VexData; query: string; domain: string }) {
  const t = useMessages(advisoryMessages)
  const found = searchVex(data, query)
  // The result is announced as it changes (the list narrows while typing).
  return (
    <div aria-live="polite" data-testid="vex-results" data-kind={found.kind}>
      {found.kind === 'invalid' ? (
        <p className={css.note} data-testid="vex-invalid">
          {t.notCve}
        </p>
      ) : found.kind === 'cve' && found.cves.length === 0 ? (
        <p className={css.note} data-testid="vex-none">
          {t.noStatement({ cve: found.cve })}
        </p>
      ) : found.kind === 'cve' ? (
        found.cves.map((c) => <Answers key={c.cve} entry={c} domain={domain} />)
      ) : found.cves.length === 0 ? (
        <p className={css.note} data-testid="vex-empty">
          {data.cves.length === 0 ? t.noCves : t.noStatement({ cve: found.cve })}
        </p>
      ) : (
        found.cves.map((c) => <CveStatements key={c.cve} entry={c} domain={domain} />)
      )}
    </div>
  )
}

/** A CVE's heading: its id, title and highest score. */
function CveHeading({ entry }: { entry: VexCve }) {
  return (
    <h2 className={css.vulnerabilityTitle}>
      <CveList cves={[entry.cve]} />
      <span>{entry.title}</span>
      {entry.highest && <RatingMark score={entry.highest} />}
    </h2>
  )
}

/** Where a statement comes from: a link to its advisory's post, named by the advisory id. */
function Source({ statement, domain }: { statement: VexProductAnswer; domain: string }) {
  const t = useMessages(advisoryMessages)
  return (
    <a href={`/${domain}/posts/${statement.record_id}`} className={css.muted}>
      {t.source({ id: statement.tracking_id })}
    </a>
  )
}

/** One CVE with a table of its products' statuses (the list). */
function CveStatements({ entry, domain }: { entry: VexCve; domain: string }) {
  const t = useMessages(advisoryMessages)
  return (
    <section className={css.cveCard} data-testid="vex-cve" data-cve={entry.cve}>
      <CveHeading entry={entry} />
      <ScrollTable label={entry.cve}>
        <table className={`${css.table} ${css.stacked}`}>
          <thead>
            <tr>
              <th scope="col">{t.colProduct}</th>
              <th scope="col">{t.colStatus}</th>
              <th scope="col">{t.colNote}</th>
            </tr>
          </thead>
          <tbody>
            {entry.statements.map((s) => (
              <tr key={`${s.product}|${s.versions ?? ''}`} data-testid="vex-row">
                <th scope="row">
                  {s.product}
                  {s.versions && <div className={css.muted}>{s.versions}</div>}
                </th>
                <td>
                  <StatusMark status={s.status} />
                </td>
                <td>
                  <Justification value={s.justification} /> <bdi>{s.note}</bdi>{' '}
                  {s.fixed_version && s.status !== 'known_not_affected' && t.fixedIn({ version: s.fixed_version })}{' '}
                  <Source statement={s} domain={domain} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </section>
  )
}

/** The answers to "Is {product} affected by {CVE}?", one card per product. */
function Answers({ entry, domain }: { entry: VexCve; domain: string }) {
  const t = useMessages(advisoryMessages)
  return (
    <section className={css.cveCard} data-testid="vex-answers" data-cve={entry.cve}>
      <CveHeading entry={entry} />
      <ul className={css.answers}>
        {entry.statements.map((s) => (
          <li key={`${s.product}|${s.versions ?? ''}`} className={css.answer} data-testid="vex-answer" data-status={s.status}>
            <h3 className={css.question}>{rich(t.question, { product: <bdi>{s.product}</bdi>, cve: <bdi dir="ltr">{entry.cve}</bdi> })}</h3>
            <p className={css.note}>
              <StatusMark status={s.status} /> <strong>{t[ANSWER_KEYS[s.status]]}</strong> <Justification value={s.justification} />
            </p>
            {(s.note || s.fixed_version) && (
              <p className={css.note} dir="auto">
                {s.versions && <span className={css.muted}>{s.versions} </span>}
                {s.note} {s.fixed_version && s.status !== 'known_not_affected' && t.fixedIn({ version: s.fixed_version })}
              </p>
            )}
            <Source statement={s} domain={domain} />
          </li>
        ))}
      </ul>
    </section>
  )
}
