import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { trimBase } from '../../contract/links'
import type { HostProps } from '../core/element'
import { useLocale, useMessages } from '../core/i18n/react'
import { useResource, useWidgetContext } from '../core/react'
import { safeHtml } from '../core/safe-html'
import { LoadState } from '../core/ui'
import { fetchFaq } from './api'
import * as styles from './faq.css'
import { faqMessages } from './messages'
import {
  allOpen,
  HASH_OPEN_DELAY_MS,
  hashId,
  isAllOpen,
  matchSummary,
  openAnchor,
  parseFaq,
  searchFaq,
  SEARCH_MIN_LENGTH,
  splitMatches,
  type FaqSection,
  type OpenState,
} from './model'

const CLOSED: OpenState = { sections: new Set(), questions: new Set() }

let instances = 0

function toggled(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}

/** The first highlight that is not inside a collapsed panel. */
function firstVisibleMark(root: HTMLElement | null): HTMLElement | undefined {
  return Array.from(root?.querySelectorAll<HTMLElement>('mark') ?? []).find((m) => !m.closest('[hidden]'))
}

/** Props of {@link FaqContent}. */
export interface FaqContentProps {
  /** The FAQ body HTML (contract "FAQ and Compliance" markup); untrusted. */
  body: string
}

/**
 * The FAQ once loaded (docs/requirements/screens.md#faq, docs/requirements/validation.md, docs/requirements/constants.md): a labelled search box, an expand-all / collapse-all
 * button and the sections as disclosures of questions.
 *
 * - Search: a trimmed term of at least 3 characters highlights every match (`<mark>`), opens the
 *   sections and questions containing one and closes the others; the live region says
 *   'N matches' / 'No matches'. Shorter terms remove the highlights. Enter (3+ characters) scrolls
 *   to and focuses the first match.
 * - Deep links: on load and on `hashchange`, the section or question named by the hash opens after
 *   {@link HASH_OPEN_DELAY_MS} and scrolls into view, its button focused.
 * - The HTML goes through {@link safeHtml}: hostile markup never runs.
 */
export function FaqContent({ body }: FaqContentProps) {
  const t = useMessages(faqMessages)
  const locale = useLocale()
  const sections = useMemo(() => parseFaq(body), [body])
  const [ids] = useState(() => `trust-faq-${++instances}`)
  const [term, setTerm] = useState('')
  const [open, setOpen] = useState<OpenState>(CLOSED)
  const [scrollTarget, setScrollTarget] = useState<string>()
  const rootRef = useRef<HTMLDivElement>(null)
  const search = useMemo(() => searchFaq(sections, term), [sections, term])

  // A new effective term decides what is open, in the same render as its highlights (so Enter
  // finds the first match open); shorter terms leave the panels as they are.
  const onTerm = (value: string) => {
    setTerm(value)
    const next = searchFaq(sections, value)
    if (next.term && next.term !== search.term) setOpen(next.open)
  }

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const follow = () => {
      clearTimeout(timer)
      const id = hashId(location.hash)
      if (!id || !openAnchor(sections, CLOSED, id)) return
      timer = setTimeout(() => {
        setOpen((prev) => openAnchor(sections, prev, id) ?? prev)
        setScrollTarget(id)
      }, HASH_OPEN_DELAY_MS)
    }
    follow()
    addEventListener('hashchange', follow)
    addEventListener('popstate', follow)
    return () => {
      clearTimeout(timer)
      removeEventListener('hashchange', follow)
      removeEventListener('popstate', follow)
    }
  }, [sections])

  useEffect(() => {
    if (!scrollTarget) return
    setScrollTarget(undefined)
    const target = Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[id]') ?? []).find((el) => el.id === scrollTarget)
    if (!target) return
    target.scrollIntoView?.({ block: 'start' })
    target.querySelector<HTMLElement>('button')?.focus({ preventScroll: true })
  }, [scrollTarget])

  const highlight = (text: string): ReactNode =>
    search.term
      ? splitMatches(text, search.term).map((part, i) =>
          part.match ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts are positional slices of one text, split again for each term; their place is their identity
            <mark key={i} className={styles.mark}>
              {part.text}
            </mark>
          ) : (
            part.text
          ),
        )
      : text

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    if (!search.term) return
    const mark = firstVisibleMark(rootRef.current)
    if (!mark) return
    mark.tabIndex = -1
    mark.scrollIntoView?.({ block: 'center' })
    mark.focus({ preventScroll: true })
  }

  const everything = sections.length > 0 && isAllOpen(sections, open)
  const contentId = `${ids}-content`

  return (
    <div ref={rootRef}>
      {/* biome-ignore lint/a11y/useSemanticElements: a div keeps the widget's DOM and styling; the <search> element lacks the landmark in older browsers still supported */}
      <div className={styles.toolbar} part="search" role="search" aria-label={t.faq}>
        <div className={styles.searchField}>
          <label className={styles.label} htmlFor={`${ids}-search`}>
            {t.search}
          </label>
          <input
            id={`${ids}-search`}
            className={styles.input}
            type="search"
            value={term}
            autoComplete="off"
            aria-describedby={`${ids}-hint`}
            aria-controls={contentId}
            onChange={(event) => onTerm(event.target.value)}
            onKeyDown={onKeyDown}
            data-testid="faq-search"
          />
          <span className={styles.hint} id={`${ids}-hint`}>
            {t.hint({ min: SEARCH_MIN_LENGTH })}
          </span>
        </div>
        {sections.length > 0 && (
          <button
            type="button"
            className={styles.toggleAll}
            aria-expanded={everything}
            aria-controls={contentId}
            onClick={() => setOpen(everything ? CLOSED : allOpen(sections))}
            data-testid="faq-toggle-all"
          >
            {everything ? t.collapse : t.expand}
          </button>
        )}
        <p className={styles.count} role="status" aria-live="polite" data-testid="faq-count">
          {matchSummary(search, locale)}
        </p>
      </div>
      <div id={contentId}>
        {sections.length === 0 ? (
          <div className={styles.html} data-testid="faq-html">
            {safeHtml(body, { text: highlight })}
          </div>
        ) : (
          <div className={styles.sections}>
            {sections.map((section) => (
              <Section
                key={section.id}
                section={section}
                open={open}
                highlight={highlight}
                onSection={() => setOpen((o) => ({ ...o, sections: toggled(o.sections, section.id) }))}
                onQuestion={(id) => setOpen((o) => ({ ...o, questions: toggled(o.questions, id) }))}
              />
            ))}
          </div>
        )}
      </div>
    </div>
  )
}

interface SectionProps {
  section: FaqSection
  open: OpenState
  highlight: (text: string) => ReactNode
  onSection: () => void
  onQuestion: (id: string) => void
}

function Section({ section, open, highlight, onSection, onQuestion }: SectionProps) {
  const t = useMessages(faqMessages)
  const titled = section.title !== ''
  const expanded = !titled || open.sections.has(section.id)
  const panelId = `${section.id}-panel`
  return (
    <section
      id={section.id}
      className={styles.section}
      part="section"
      aria-labelledby={titled ? `${section.id}-heading` : undefined}
      data-testid="faq-section"
      data-open={expanded}
    >
      {titled && (
        <h2 className={styles.sectionHeading} id={`${section.id}-heading`}>
          <button type="button" className={styles.sectionButton} aria-expanded={expanded} aria-controls={panelId} onClick={onSection}>
            <span>{highlight(section.title)}</span>
          </button>
        </h2>
      )}
      <div id={panelId} className={styles.panel} hidden={!expanded}>
        {section.questions.map((q) => {
          const shown = open.questions.has(q.id)
          return (
            <div key={q.id} id={q.id} className={styles.question} part="question" data-testid="faq-question" data-open={shown}>
              <h3 className={styles.questionHeading}>
                <button
                  type="button"
                  className={styles.questionButton}
                  aria-expanded={shown}
                  aria-controls={`${q.id}-answer`}
                  onClick={() => onQuestion(q.id)}
                >
                  <span>{q.question ? highlight(q.question) : t.question}</span>
                </button>
              </h3>
              <div id={`${q.id}-answer`} className={styles.answer} part="answer" hidden={!shown} data-testid="faq-answer">
                {safeHtml(q.answerHtml, { text: highlight })}
              </div>
            </div>
          )
        })}
      </div>
    </section>
  )
}

/** Props of {@link Faq}. */
export interface FaqProps {
  /** Cloud machine name (or domain). */
  cloud: string
  /** Origin of the API on foreign pages. @default '' (same origin) */
  apiBase?: string
}

/**
 * The FAQ page's content (docs/requirements/screens.md#faq): loads `GET /api/basic-page/faq?cloud=` and renders
 * {@link FaqContent}; loading and error-with-Retry states like every widget (docs/requirements/errors.md).
 */
export function Faq({ cloud, apiBase = '' }: FaqProps) {
  const t = useMessages(faqMessages)
  const state = useResource((signal) => fetchFaq(cloud, { apiBase, signal }), [cloud, apiBase])
  return (
    <div className={styles.root} data-testid="faq">
      <LoadState state={state} loadingLabel={t.loading}>
        {(page) => <FaqContent key={page.body} body={page.body} />}
      </LoadState>
    </div>
  )
}

/** Props of {@link FaqWidget} (and attributes of `<trust-faq>`). */
export interface FaqWidgetProps extends HostProps {
  /** Cloud machine name or domain; the page's chosen cloud when absent. */
  cloud?: string
  apiBase?: string
}

/** `<trust-faq>`'s component: resolves the cloud, then renders {@link Faq}. */
export function FaqWidget({ cloud, apiBase = '' }: FaqWidgetProps) {
  const t = useMessages(faqMessages)
  const ctx = useWidgetContext(cloud, apiBase)
  if (!ctx.key) {
    return (
      <div className={styles.root} data-testid="faq">
        <LoadState state={{ status: 'loading', reload() {} }} loadingLabel={t.loading}>
          {() => null}
        </LoadState>
      </div>
    )
  }
  return <Faq cloud={ctx.cloud!} apiBase={trimBase(apiBase)} />
}
