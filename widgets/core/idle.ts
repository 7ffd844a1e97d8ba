/**
 * Work that waits for the page to be idle: after the tasks that load and render what a visitor
 * came for (the shell's time-zone list, the degraded-mode copies of answers).
 */

/**
 * Runs `task` when the browser is next idle, and within `withinMs` even if it never is; on the
 * next timer where the platform has no `requestIdleCallback` (Safari, Node).
 *
 * @param withinMs the longest `task` waits, ms
 * @returns a function that cancels `task` if it has not run yet
 */
export function whenIdle(task: () => void, withinMs: number): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(task)
    return () => clearTimeout(timer)
  }
  const idle = requestIdleCallback(task, { timeout: withinMs })
  return () => cancelIdleCallback(idle)
}
