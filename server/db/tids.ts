/**
 * Term id (tid) blocks (`terms`): tids below 1000 are kept for terms whose ids the spec fixes
 * (severities '17'…'20', the advisory category 241) and for severities; each other vocabulary
 * takes its own block of 1000, starting at its base + 1: the catalogue import allocates a new
 * region, service or data center the next free tid of its block, the demo seed and the
 * subscription topics take theirs in their own order.
 */

/** First tid of each vocabulary's block, minus one. */
export const TID_BASE = { region: 1000, data_center: 2000, service: 3000, notification_category: 4000, subscription_topic: 5000 } as const
