/**
 * The console token of an element that reads status (docs/embedding.md#a-customers-own-status):
 * a short-lived JWT the vendor's console signed, which the trust site answers with that
 * customer's private data centers, services and records as well as the public ones.
 *
 * An element takes it from its `token` attribute, or from its `tokenProvider` property (an async
 * function returning a fresh token), which is called when the element has no token, and again
 * when the server refused the token as expired. (`<trust-cloud-status>` also takes a
 * `token-provider` attribute naming a global function and sets it as this property; the status
 * badge's budget has no room for it.) The token is sent only in the `Authorization` header (`./request.ts`), kept in memory
 * only, never in the URL or in any storage.
 */
import { TOKEN_PROBLEM_HEADER, type TokenReader } from './request'

/** A `tokenProvider`: resolves to a fresh token (a JWT, compact form). */
export type TokenProvider = () => Promise<string> | string

/** Per element: the `token` attribute a provider's token was asked under, and that token. */
const provided = new WeakMap<Element, [attribute: string | null, token: Promise<string | undefined>]>()

/**
 * The {@link TokenReader} of `el`. Its token is the `token` attribute, else its provider's token
 * (asked once and shared by the element's reads until it is refused as expired or the attribute
 * changes; reads refused at the same time may each ask for a fresh one). A provider that throws
 * or returns nothing is logged as a warning; the element then reads the public answers.
 *
 * A token the server refused comes back with the public answer and {@link TOKEN_PROBLEM_HEADER}
 * (an English sentence): the reader logs `<element>: console token refused: <sentence>` with
 * `console.warn`, never in the page, and when the sentence says the token expired and the
 * provider gives a fresh one, sends once more with it.
 */
export function tokenReader(el: Element & { tokenProvider?: TokenProvider }): TokenReader {
  const get = async (refused?: string): Promise<string | undefined> => {
    const attribute = el.getAttribute('token')
    const entry = provided.get(el)
    // The provider's token while the attribute is the one it was asked under, else the attribute's.
    const token = entry?.[0] === attribute ? await entry[1] : attribute || undefined
    if (token && token !== refused) return token
    const provider = el.tokenProvider
    if (!provider) return undefined
    const fresh = Promise.resolve()
      .then(provider)
      .then(
        (t) => t || undefined,
        (error) => {
          console.warn(`${el.localName}: the token provider failed:`, error)
          return undefined
        },
      )
    provided.set(el, [attribute, fresh])
    return fresh
  }
  return async (send) => {
    let token = await get()
    for (let retried = false; ; retried = true) {
      const response = await send(token)
      const problem = token && response.headers.get(TOKEN_PROBLEM_HEADER)
      if (!problem) return response
      console.warn(`${el.localName}: console token refused: ${problem}`)
      if (retried || !/expired/i.test(problem)) return response
      token = await get(token)
      if (!token) return response
    }
  }
}
