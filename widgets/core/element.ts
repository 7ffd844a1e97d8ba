import { createElement, type ComponentType } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { type Locale, textDirection } from '../../contract/locale'
import { elementLocale } from './i18n/drop-in'
import { isLocaleReady, loadLocale } from '../../contract/i18n/index.js'
import { LocaleContext } from './i18n/react'
import { adoptCss } from './shadow'
import { widgetCss } from './widget-css'

// Registration lives beside the CSS adoption (./shadow.ts), which elements without React use too.
export { defineElement } from './shadow'

/** Props every widget receives from its element besides its attributes. */
export interface HostProps {
  /** The custom element itself, for dispatching `trust-*` events. */
  host?: HTMLElement
}

/** Options of {@link createWidgetElement}. */
export interface WidgetElementOptions<P> {
  /** The React component the element renders. */
  component: ComponentType<P & HostProps>
  /** Observed attributes (kebab-case) and the prop (camelCase) each one feeds. */
  attributes: Readonly<Record<string, keyof P & string>>
  /**
   * Properties the element takes besides its attributes (values no attribute can carry, such as a
   * function), each feeding the prop of its name; setting one renders anew. @default none
   */
  properties?: readonly (keyof P & string)[]
  /** CSS adopted into the shadow root. @default widgetCss() — the bundle's extracted CSS */
  css?: string
}

/** An instance of a `<trust-*>` element made by {@link createWidgetElement}. */
export interface WidgetElement extends HTMLElement {
  connectedCallback(): void
  attributeChangedCallback(): void
  disconnectedCallback(): void
}

/**
 * The class {@link createWidgetElement} returns: a custom element constructor (what
 * `customElements.define` takes) whose instances are {@link WidgetElement}s. An element file
 * extends it into its own named class, which is then both the value to define and the
 * instance type (`HTMLElementTagNameMap`).
 */
export interface WidgetElementClass<E extends WidgetElement = WidgetElement> {
  new (): E
  readonly prototype: E
  /** The attribute names of {@link WidgetElementOptions.attributes}. */
  readonly observedAttributes: string[]
}

/**
 * Wraps a React component in a custom element class (architecture §A widget).
 *
 * - Renders into an open shadow root holding a `<div part="root">`, with the widget's CSS
 *   adopted there, so host-page CSS neither leaks in nor breaks the layout; hosts theme the
 *   widget through `--trust-*` custom properties and `::part()`.
 * - Attribute changes are batched: any number of changes in one task cause one re-render.
 * - Disconnecting unmounts the React tree (moving the element within the page does not).
 * - The class never registers itself: a `define.ts` does, through {@link defineElement}.
 * - It speaks its `lang` attribute's language, else its host page's (`./i18n/drop-in.ts`); a
 *   locale other than English renders once its catalogue has loaded (English if it cannot), with
 *   `dir` set on the root for right-to-left languages.
 *
 * @typeParam P the component's props (attribute values arrive as strings or `undefined`)
 * @example
 * export class SpeedometerElement extends createWidgetElement<SpeedometerWidgetProps>({
 *   component: SpeedometerWidget,
 *   attributes: { cloud: 'cloud', 'api-base': 'apiBase' },
 * }) {}
 */
export function createWidgetElement<P>(options: WidgetElementOptions<P>): WidgetElementClass {
  const attributeNames = Object.keys(options.attributes)
  const css = options.css ?? widgetCss()

  return class TrustWidgetElement extends HTMLElement implements WidgetElement {
    static get observedAttributes(): string[] {
      return [...attributeNames, 'lang']
    }

    private root?: Root
    private container?: HTMLElement
    private scheduled = false
    /** The values of {@link WidgetElementOptions.properties} set on this element. */
    private values: Record<string, unknown> = {}
    static {
      for (const name of options.properties ?? []) {
        Object.defineProperty(TrustWidgetElement.prototype, name, {
          get(this: TrustWidgetElement) {
            return this.values[name]
          },
          set(this: TrustWidgetElement, value: unknown) {
            this.values[name] = value
            this.schedule()
          },
        })
      }
    }
    /** The locale whose catalogue load has been awaited (rendered even when it failed). */
    private awaited?: Locale

    connectedCallback(): void {
      if (!this.root) {
        const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' })
        shadow.replaceChildren()
        adoptCss(shadow, css)
        const container = document.createElement('div')
        container.setAttribute('part', 'root')
        container.className = 'trust-root'
        shadow.appendChild(container)
        this.container = container
        this.root = createRoot(container)
      }
      this.schedule()
    }

    attributeChangedCallback(): void {
      this.schedule()
    }

    disconnectedCallback(): void {
      // A move (remove + insert in the same task) keeps the tree; a removal unmounts it.
      queueMicrotask(() => {
        if (!this.isConnected && this.root) {
          this.root.unmount()
          this.root = undefined
        }
      })
    }

    private schedule(): void {
      if (this.scheduled) return
      this.scheduled = true
      queueMicrotask(() => {
        this.scheduled = false
        if (!this.root || !this.container) return
        const locale = elementLocale(this)
        if (!isLocaleReady(locale) && this.awaited !== locale) {
          void loadLocale(locale).then(() => {
            this.awaited = locale
            this.schedule()
          })
          return
        }
        this.container.lang = locale
        this.container.dir = textDirection(locale)
        const props: Record<string, unknown> = { host: this }
        // Read through the element: a value set before the element was defined is its own property.
        for (const name of options.properties ?? []) props[name] = (this as unknown as Record<string, unknown>)[name]
        for (const name of attributeNames) {
          const value = this.getAttribute(name)
          props[options.attributes[name]] = value === null ? undefined : value
        }
        this.root.render(createElement(LocaleContext.Provider, { value: locale }, createElement(options.component, props as P & HostProps)))
      })
    }
  }
}

/**
 * A typed `trust-*` event: bubbles and crosses shadow boundaries (architecture §A widget).
 * Pass `{ cancelable: true }` for events whose default action a host may prevent.
 */
export class TrustEvent<T> extends Event {
  readonly detail: T
  constructor(type: `trust-${string}`, detail: T, init: { cancelable?: boolean } = {}) {
    super(type, { bubbles: true, composed: true, cancelable: init.cancelable ?? false })
    this.detail = detail
  }
}
