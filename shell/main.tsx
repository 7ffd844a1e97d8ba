import { startTransition, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import '../styles/global.css'
import { $cloudName, chooseCloud } from '../widgets/core/cloud'
import { $global, isGlobalData } from '../widgets/core/global'
import { App } from './App'
import { lazyPages } from './lazy-page'
import { holdLaterParts, releaseLaterParts } from './later'
import { $locale } from './locale'
import { loadLocale } from '../contract/i18n/index.js'
import { startLive } from './live'
import { readPageData } from './page-data'
import { startSite } from './site'

/**
 * The server-rendered page, hydrated: once the header and the page have, the parts held back
 * (shell/later.tsx) hydrate, and then the site starts (session, cookie-chosen cloud, time zone),
 * so that nothing changes under a part before it has hydrated.
 */
function Hydrated() {
  useEffect(() => {
    void releaseLaterParts().then(startSite)
  }, [])
  return <App />
}

startLive()
const container = document.getElementById('app')!
const data = readPageData()
if (data && isGlobalData(data.global) && container.firstElementChild) {
  // The state the server rendered from (shell/server-render.tsx): its global data and the cloud of
  // the address alone; the cookie's cloud and the session apply after hydrating (startSite).
  $global.set({ loading: false, data: data.global })
  const cloud = chooseCloud(data.global.clouds, {
    pathname: location.pathname,
    query: new URLSearchParams(location.search).get('cloud'),
    cookie: null,
  })
  $cloudName.set(cloud?.machine_name ?? null)
  const pages = data.pages.flatMap((name) => lazyPages.get(name) ?? [])
  // The footer, banners and toaster hydrate after the header and the page (shell/later.tsx).
  holdLaterParts()
  // The page's texts arrive with its chunks, so the hydrating render says what the server's said.
  // Hydrated as a transition: React works through the page in slices of a few milliseconds and
  // lets the browser run between them, instead of one task as long as the whole page.
  void Promise.all([...pages.map((page) => page.preload()), loadLocale($locale.get())]).then(
    () => startTransition(() => void hydrateRoot(container, <Hydrated />)),
    () => {
      // A page chunk failed to load: render in the browser, whose lazy page shows the failure.
      container.textContent = ''
      void releaseLaterParts()
      void startSite()
      createRoot(container).render(<App />)
    },
  )
} else {
  void startSite()
  void loadLocale($locale.get()).then(() => createRoot(container).render(<App />))
}
