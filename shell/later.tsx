import { memo, type ReactNode, Suspense, use, useEffect, useLayoutEffect, useRef } from 'react'

/**
 * Parts of the server-rendered page hydrated after the rest (docs/architecture.md#hydrating-less): the
 * page's widgets and the header's controls hydrate first, in the page's first transition; what is
 * wrapped in {@link Later} keeps its server HTML, untouched and visible, until that has committed
 * ({@link releaseLaterParts}), or until the visitor first presses a key or a pointer, moves the focus
 * or changes a field anywhere on the page. Then React hydrates each part in slices of its own, and the
 * event that opened them reaches its target (React hydrates the part an event lands on before
 * dispatching it).
 *
 * The site's own state changes (the session taken from the cookies, the chosen time zone) wait for
 * {@link releaseLaterParts}: a part hydrated after them would not match its server HTML.
 *
 * A page rendered in the browser (no server HTML, or a later navigation) renders it at once.
 */

/** React's thenable protocol: `use()` reads a settled value synchronously instead of suspending. */
type Gate = Promise<void> & { status?: 'pending' | 'fulfilled'; value?: undefined }

let open: () => void = () => undefined
let gate: Gate | undefined
/** Parts seen waiting that have not hydrated yet, and who waits for them to. */
let waiting = 0
let whenHydrated: Array<() => void> = []

/**
 * Events that open the gate at once: the visitor is about to use something on the page. A click,
 * an input or a change without a press before it (assistive technology, a script) opens it too.
 */
const FIRST_USE = ['pointerdown', 'keydown', 'focusin', 'touchstart', 'click', 'input', 'change'] as const

const isHeld = () => gate !== undefined && gate.status !== 'fulfilled'

/**
 * Starts holding the {@link Later} parts: called before the server-rendered page is hydrated (a
 * call while they are held changes nothing).
 */
export function holdLaterParts(): void {
  if (isHeld()) return
  const opened = new Promise<void>((resolve) => {
    open = () => {
      if (opened.status === 'fulfilled') return
      // Settled for `use()` now, so a hydration the opening event itself triggers does not suspend again.
      opened.status = 'fulfilled'
      for (const type of FIRST_USE) document.removeEventListener(type, open, true)
      resolve()
    }
  }) as Gate
  gate = opened
  // Capture phase on the document runs before React's own listeners on the root.
  for (const type of FIRST_USE) document.addEventListener(type, open, { capture: true, passive: true })
}

/**
 * Lets the held parts hydrate (each in its own slices, after the current task).
 * @returns a promise resolved once every part that was waiting has hydrated (at once when none was)
 */
export function releaseLaterParts(): Promise<void> {
  open()
  return waiting === 0 ? Promise.resolve() : new Promise((resolve) => whenHydrated.push(resolve))
}

function partHydrated(): void {
  waiting--
  if (waiting > 0) return
  const resolve = whenHydrated
  whenHydrated = []
  for (const done of resolve) done()
}

function Gate({ children }: { children: ReactNode }) {
  if (isHeld()) use(gate as Promise<void>)
  return children
}

/** Inside the boundary: its effect runs once the part has hydrated (or rendered). */
function Hydrated({ entry }: { entry: { counted: boolean } }) {
  useEffect(() => {
    if (!entry.counted) return
    entry.counted = false
    partHydrated()
  }, [entry])
  return null
}

/**
 * Wraps a part of the frame nobody needs in the first moments (the footer's pickers, the cookie
 * banner, account banners, the toaster). Memoised: a parent's re-render with the same `children`
 * leaves a part that still waits untouched (new props would make React hydrate it at once).
 */
export const Later = memo(function Later({ children }: { children: ReactNode }) {
  const entry = useRef({ counted: false }).current
  // Committed with the page, before the part: counted while it waits.
  useLayoutEffect(() => {
    if (!isHeld()) return
    entry.counted = true
    waiting++
    return () => {
      if (entry.counted) {
        entry.counted = false
        partHydrated()
      }
    }
  }, [entry])
  return (
    <Suspense fallback={null}>
      <Gate>
        <Hydrated entry={entry} />
        {children}
      </Gate>
    </Suspense>
  )
})
