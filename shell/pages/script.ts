const loaded = new Map<string, Promise<void>>()

/**
 * Loads a drop-in widget script once per page (docs/requirements/screens.md#home: "a separate widget script is
 * loaded … and starts the gauges").
 *
 * @param src same-origin script path, e.g. `/widgets/speedometer.js`
 * @throws Error when the script fails to load
 */
export function loadScript(src: string): Promise<void> {
  let promise = loaded.get(src)
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script')
      script.src = src
      script.async = true
      script.onload = () => resolve()
      script.onerror = () => {
        loaded.delete(src)
        reject(new Error(`The widget script ${src} could not be loaded.`))
      }
      document.head.appendChild(script)
    })
    loaded.set(src, promise)
  }
  return promise
}
