import { type Locale, textDirection } from '../../contract/locale'
import { elementLocale } from '../core/i18n/drop-in'
import { isLocaleReady, loadLocale } from '../../contract/i18n/index.js'
import { narrowList } from '../core/narrow'
import { adoptCss } from '../core/shadow'
import { type TokenProvider, tokenReader } from '../core/token'
import { widgetCss } from '../core/widget-css'
import { fetchOverallStatus } from '../overall-status/api'
import type { OverallStatus } from '../overall-status/model'
import { overallLineHtml, overallView } from '../overall-status/model'
import * as line from '../overall-status/overall-status.css'
import * as styles from './status-badge.css'

/**
 * `<trust-status-badge>`: the overall status line alone (docs/statuspage-api.md) — an icon and "All
 * Systems Operational", "Partial Service Disruption", "Major Service Disruption" or "Under
 * Maintenance", the text linking to the status page, from `/{cloud}/api/v2/status.json`, or the
 * whole site's `/api/v2/status.json` without `cloud`. A polite live region; fires no events.
 *
 * The kit's one element without React (README design notes): its drop-in must weigh a few KB,
 * less than Preact alone. It renders the markup of the React line (`overallLineHtml`) with the
 * same stylesheet, and shares the kit's API client and CSS adoption.
 *
 * @element trust-status-badge
 * @attr {string} cloud - Cloud machine name or domain; the whole site's status when absent.
 * @attr {string} api-base - Origin of the trust site's API when embedded on another site.
 * @attr {string} datacenters - With `cloud`: the line speaks for these data centers only (comma-separated term
 * ids or machine names, `frankfurt-i,12`; docs/embedding.md#showing-some-data-centers-and-services), computed
 * from their rows of `/{cloud}/api/v2/components.json`. Every data center when absent.
 * @attr {string} services - With `cloud`: the same for the core services. Every service when absent.
 * @attr {string} token - A console token (a short-lived JWT the vendor's console signed;
 * docs/embedding.md#a-customers-own-status), sent as `Authorization: Bearer`, never in a URL, never
 * stored: the line then counts the customer's private components too. A refused token shows the
 * public line and logs why with `console.warn`. Inside another `trust-*` element (the cloud status),
 * the badge reads with that element's token.
 * @prop {() => Promise<string>} tokenProvider - An async function returning a fresh console token, called
 * without `token` and when the site refused the token as expired; setting it loads the line anew.
 * @csspart root - The badge's outer box.
 * @csspart status - The status line (its `data-kind` is `operational`, `partial`, `major`, `maintenance` or `pending`).
 */
export class StatusBadgeElement extends HTMLElement {
  static get observedAttributes(): string[] {
    // `lang` is the kit-wide language attribute (docs/languages-and-themes.md), like the React widgets' (core/element.ts).
    return ['cloud', 'api-base', 'lang', 'datacenters', 'services', 'token']
  }

  private provider?: TokenProvider

  /** The console token provider (see `@prop tokenProvider` above); setting it loads the line anew. */
  get tokenProvider(): TokenProvider | undefined {
    return this.provider
  }
  set tokenProvider(provider: TokenProvider | undefined) {
    this.provider = provider
    this.schedule()
  }

  private root?: HTMLDivElement
  private line?: HTMLParagraphElement
  private loading?: AbortController
  private scheduled = false

  connectedCallback(): void {
    if (!this.line) {
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' })
      // The root and its line, a polite live region; then the CSS.
      shadow.innerHTML = `<div part="root" class="${styles.root}"><p class="${line.line} ${styles.compact}" role="status" part="status" data-testid="overall-status"></p></div>`
      adoptCss(shadow, widgetCss())
      this.root = shadow.firstElementChild as HTMLDivElement
      this.line = this.root.firstElementChild as HTMLParagraphElement
    }
    this.schedule()
  }

  attributeChangedCallback(): void {
    this.schedule()
  }

  disconnectedCallback(): void {
    this.loading?.abort()
  }

  /** One load per task, whatever number of attributes changed in it. */
  private schedule(): void {
    if (this.scheduled) return
    this.scheduled = true
    queueMicrotask(() => {
      this.scheduled = false
      if (this.isConnected) void this.load()
    })
  }

  /**
   * Shows the line in the element's language: its `lang` attribute's, else its host page's
   * (`core/i18n/drop-in.ts`). A locale other than English first loads its catalogue (English if it
   * cannot), and the root carries `lang` and `dir` like the React widgets' (`core/element.ts`).
   */
  private async load(): Promise<void> {
    this.loading?.abort()
    const loading = new AbortController()
    this.loading = loading
    const locale = elementLocale(this)
    if (!isLocaleReady(locale)) await loadLocale(locale)
    if (loading.signal.aborted) return
    this.root!.lang = locale
    this.root!.dir = textDirection(locale)
    this.show(undefined, false, locale)
    // Inside another element of the kit (the cloud status's line), that element's token.
    const host = (this.getRootNode() as ShadowRoot).host
    try {
      const status = await fetchOverallStatus(this.getAttribute('cloud') || null, {
        apiBase: this.getAttribute('api-base') ?? '',
        signal: loading.signal,
        services: narrowList(this.getAttribute('services')),
        datacenters: narrowList(this.getAttribute('datacenters')),
        auth: tokenReader(host?.localName.startsWith('trust-') ? host : this),
      })
      if (!loading.signal.aborted) this.show(status, false, locale)
    } catch (error) {
      if (loading.signal.aborted) return
      console.error('Status badge: loading failed.', error)
      this.show(undefined, true, locale)
    }
  }

  private show(status: OverallStatus | undefined, failed: boolean, locale: Locale): void {
    const p = this.line!
    const view = overallView(status, failed, true, locale)
    p.dataset.kind = view.kind
    if (view.kind === 'pending' && !failed) p.setAttribute('aria-busy', 'true')
    else p.removeAttribute('aria-busy')
    if (status) p.dataset.indicator = status.indicator
    else delete p.dataset.indicator
    p.innerHTML = overallLineHtml(view, line.icon, styles.link)
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'trust-status-badge': StatusBadgeElement
  }
}
