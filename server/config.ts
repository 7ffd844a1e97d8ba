/**
 * The server's settings from its environment.
 */
import { resolve } from 'node:path'
import type { VariantOverride } from './routes/deps.js'

export interface ServerConfig {
  port: number
  host: string
  /** Absolute path of the database folder. */
  dataDir: string
  /** Absolute path of the built site. */
  staticDir: string
  variant: VariantOverride
}

/**
 * Reads the configuration from environment variables:
 * `PORT` (default 8080; 0 picks a free port), `HOST` (default `0.0.0.0`), `DATA_DIR` (default
 * `./data`), `STATIC_DIR` (default `./dist/site`), `TRUST_GOV` and `TRUST_DR` (`'1'` forces the
 * government / disaster-recovery variant on; otherwise the database's settings decide).
 * Relative paths are resolved against `cwd`.
 *
 * @throws When `PORT` is not an integer from 0 to 65535.
 */
export function readConfig(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): ServerConfig {
  const rawPort = env.PORT?.trim() || '8080'
  const port = Number(rawPort)
  if (!/^\d+$/.test(rawPort) || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got ${JSON.stringify(env.PORT)}`)
  }
  const variant: VariantOverride = {}
  if (env.TRUST_GOV === '1') variant.isGov = true
  if (env.TRUST_DR === '1') variant.isTrustDR = true
  return {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: resolve(cwd, env.DATA_DIR?.trim() || './data'),
    staticDir: resolve(cwd, env.STATIC_DIR?.trim() || './dist/site'),
    variant,
  }
}
