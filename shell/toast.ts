import { atom } from 'nanostores'

/** Toast texts of the spec (§2 Sign-in, Sign-up; §4 Logout; §8). */
export const TOASTS = {
  loggedIn: 'You have successfully logged in!',
  loggedOut: 'You have successfully logged out!',
  accountCreated: 'Account created successfully. Please verify your account by clicking on the link received on your email address.',
  /** Not given by the spec. */
  settingsSaved: 'Your settings have been saved.',
} as const

/** Toast duration (spec §9: 1000 ms). */
export const TOAST_MS = 1000

/** The toast on screen, or null. `id` changes with every toast so a repeat is announced again. */
export const $toast = atom<{ id: number; text: string } | null>(null)

let timer: ReturnType<typeof setTimeout> | undefined
let next = 0

/** Shows `text` in the shell's toast region for `ms` milliseconds (replacing any toast shown). */
export function showToast(text: string, ms: number = TOAST_MS): void {
  clearTimeout(timer)
  const id = ++next
  $toast.set({ id, text })
  timer = setTimeout(() => {
    if ($toast.get()?.id === id) $toast.set(null)
  }, ms)
}
