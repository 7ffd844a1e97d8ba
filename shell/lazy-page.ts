import { type ComponentType, createElement, lazy } from 'react'

/**
 * A page component loaded on demand (its own chunk), which the server-rendered first paint can
 * load before it hydrates (issue "front-end speed": first paint without waiting for JavaScript).
 *
 * - In the browser it behaves like `React.lazy` until {@link LazyPage.preload} has resolved; after
 *   that it renders the loaded component directly, so hydrating a server-rendered page never
 *   suspends (an update before a suspended boundary hydrates would replace the server's HTML
 *   with the loading fallback).
 * - On the server (`shell/server-render.tsx`) every page is preloaded once; rendering one records
 *   its `name` in {@link renderedPages}, which the server turns into `<link rel="modulepreload">`
 *   of the page's chunk and passes to the browser in the page data.
 */
export interface LazyPage<P> {
  (props: P): ReturnType<typeof createElement>
  /** Loads the page's module; resolves when {@link LazyPage} renders it without suspending. */
  preload(): Promise<void>
}

/** Names of the lazy pages rendered since the last {@link takeRenderedPages} (server only). */
const renderedPages = new Set<string>()

/** Returns and forgets the names of the lazy pages rendered since the last call (server only). */
export function takeRenderedPages(): string[] {
  const names = [...renderedPages]
  renderedPages.clear()
  return names
}

/** Every lazy page made by {@link lazyPage}, by name. */
export const lazyPages = new Map<string, LazyPage<never>>()

/**
 * @param pageName the module's file name without extension (`'CloudStatusPage'`), the name of its chunk
 * @param load the dynamic import of the module, whose default export is the page
 */
export function lazyPage<P extends object>(pageName: string, load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined
  let pending: Promise<void> | undefined
  const preload = () => {
    pending ??= load().then((module) => {
      loaded = module.default
    })
    return pending
  }
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType<P> })))
  const render = (props: P) => {
    if (typeof window === 'undefined') renderedPages.add(pageName)
    return createElement((loaded ?? Lazy) as ComponentType<P>, props)
  }
  const Page: LazyPage<P> = Object.assign(render, { preload })
  lazyPages.set(pageName, Page as unknown as LazyPage<never>)
  return Page
}
