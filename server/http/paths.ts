/** Path helpers shared by the HTTP policies. */

/** The path of a request URL, without its query string. */
export function pathOf(url: string): string {
  const q = url.indexOf('?')
  return q === -1 ? url : url.slice(0, q)
}

/** Whether `url` is under `/api` (the API's namespace; everything else belongs to the site). */
export function isApiPath(url: string): boolean {
  const path = pathOf(url)
  return path === '/api' || path.startsWith('/api/')
}
