/**
 * Term id (tid) blocks of the seed (see `./index.ts`): tids below 1000 are kept for terms whose ids
 * the spec fixes (severities '17'…'20', the advisory category 241); each vocabulary takes its own
 * block of 1000, starting at its base + 1, in seed order.
 */

/** First tid of each vocabulary's block, minus one. */
export const TID_BASE = { region: 1000, data_center: 2000, service: 3000, notification_category: 4000, subscription_topic: 5000 } as const
