/**
 * A small seeded pseudo-random generator, so the demo data is the same on every run and machine.
 */

/** 32-bit FNV-1a hash of a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/**
 * A deterministic generator of numbers in [0, 1) (mulberry32), seeded by a string or a 32-bit
 * integer. The same seed always yields the same sequence.
 *
 * @example const random = createRandom('auroraedge:2026-11-21'); random() // always the same value
 */
export function createRandom(seed: string | number): () => number {
  let state = typeof seed === 'string' ? hashString(seed) : seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
