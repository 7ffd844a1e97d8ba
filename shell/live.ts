import { clearStaleAnswers, installLiveFetch } from '../widgets/core/live'
import { $router } from './routes'

/** The global data is loaded once per visit, so a stale copy of it stays stale on every page. */
const GLOBAL_ANSWER = /\/api\/global$/

/**
 * Degraded mode for the whole site (widgets/core/live.ts): every API answer of the shell and of
 * the drop-ins it loads (the home page's speedometer) is judged for staleness and kept, and a
 * kept copy stands in when the API cannot be reached, so the site shows the last status it
 * rendered instead of an error. The page-level notice (`<LiveNotice>` in App.tsx) speaks for the
 * answers of the current page: moving to another path forgets the previous page's stale answers.
 *
 * Call once, before the first API call (main.tsx: before `startSite()`).
 *
 * @returns stops both (tests)
 */
export function startLive(): () => void {
  const uninstall = installLiveFetch()
  let path = $router.get()?.path
  const unlisten = $router.listen((page) => {
    if (page?.path === path) return
    path = page?.path
    clearStaleAnswers((url) => GLOBAL_ANSWER.test(new URL(url).pathname))
  })
  return () => {
    unlisten()
    uninstall()
  }
}
