import { onSet } from 'nanostores'
import { useEffect, useRef } from 'react'
import { DEFAULT_LOCALE, type Locale } from '../../contract/locale'
import { useLocale } from '../../widgets/core/i18n/react'
import { $router } from '../routes'
import { adminLeaveMessages } from './messages'

/**
 * The console's guard of unsaved work (docs/operating/catalogue.md): while a form holds changes that are not saved,
 * leaving the screen asks first —
 * - any move of the shell's router to another page (`$router`, `@nanostores/router`): a link of
 *   the console or the site, the browser's Back and Forward, a screen opening another. The router
 *   asks before it changes (`onSet`): `confirm()`; declined, the router stays, and after Back or
 *   Forward the address is put back to the screen's;
 * - reloading or closing the tab, a link that loads another site: the browser's own question
 *   (`beforeunload`).
 * Forms register with {@link useUnsavedChanges}; the guard is on only while one is dirty.
 */

/** The forms that hold unsaved changes now. */
const dirty = new Set<symbol>()
/** The address the page showed when the first form became dirty (put back when Back is declined). */
let here = ''
/** The language of the last form that registered: the question is asked in it. */
let language: Locale = DEFAULT_LOCALE
/** Stops asking the router (set while the guard is on). */
let unbindRouter: (() => void) | undefined

/** Whether any form of the page holds changes that are not saved. */
export function hasUnsavedChanges(): boolean {
  return dirty.size > 0
}

/** The sentence the question asks, in `locale`. */
export function leaveQuestion(locale: Locale = DEFAULT_LOCALE): string {
  return adminLeaveMessages.in(locale).get().unsaved
}

/** What of a router page {@link leavesScreen} reads. */
export interface PageLike {
  path: string
  search?: Readonly<Record<string, string>>
}

/**
 * Whether the router moving from `from` to `to` leaves the screen: another path or query (an
 * unknown path, `undefined`, too). A move to a `#fragment` of the same page stays.
 */
export function leavesScreen(from: PageLike | undefined, to: PageLike | undefined): boolean {
  if (!from || !to) return from !== to
  return from.path !== to.path || JSON.stringify(from.search ?? {}) !== JSON.stringify(to.search ?? {})
}

/** Asks the question; `true` when the user chooses to leave. */
function confirmLeave(): boolean {
  return window.confirm(leaveQuestion(language))
}

/** `https://…/admin/catalog/clouds?x#y` → `/admin/catalog/clouds?x#y`. */
const pathOf = (href: string) => {
  const url = new URL(href)
  return url.pathname + url.search + url.hash
}

function onBeforeUnload(event: BeforeUnloadEvent): void {
  if (!hasUnsavedChanges()) return
  event.preventDefault()
  // Older browsers ask only when `returnValue` is set.
  event.returnValue = ''
}

function guard(on: boolean): void {
  if (on) {
    window.addEventListener('beforeunload', onBeforeUnload)
    unbindRouter = onSet($router, ({ newValue, abort }) => {
      if (!hasUnsavedChanges() || !leavesScreen($router.get(), newValue) || confirmLeave()) return
      abort()
      // Back or Forward moved the address already: the screen's goes back (the router follows it,
      // staying where it is).
      if (location.href !== here) {
        const back = pathOf(here)
        queueMicrotask(() => $router.open(back))
      }
    })
  } else {
    window.removeEventListener('beforeunload', onBeforeUnload)
    unbindRouter?.()
    unbindRouter = undefined
  }
}

/**
 * Marks `source` as holding unsaved changes (`on`) or not. The guard goes on with the first dirty
 * form and off with the last.
 */
export function setUnsaved(source: symbol, on: boolean): void {
  const before = dirty.size
  if (on) dirty.add(source)
  else dirty.delete(source)
  if (before === 0 && dirty.size > 0) {
    here = location.href
    guard(true)
  } else if (before > 0 && dirty.size === 0) guard(false)
}

/**
 * Registers a form's unsaved changes while it is shown: with `isDirty` true, leaving the page asks
 * first (see the module comment). Unmounting the form (its screen left) unregisters it.
 */
export function useUnsavedChanges(isDirty: boolean): void {
  const source = useRef<symbol>(undefined)
  source.current ??= Symbol('unsaved')
  const locale = useLocale()
  useEffect(() => {
    const me = source.current!
    if (isDirty) language = locale
    setUnsaved(me, isDirty)
    return () => setUnsaved(me, false)
  }, [isDirty, locale])
}
