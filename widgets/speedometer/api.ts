import type { ApiAnswer } from '../../contract/common'
import type { Gauge, SpeedometerData } from '../../contract/global'
import { dataOf, is, request } from '../core/request'

function isGauge(g: unknown): g is Gauge {
  return is.object(g) && is.string(g.id) && is.string(g.label) && is.number(g.value) && is.number(g.max)
}

// `has_data: false` (no figures published) needs no gauges; an answer without the flag (an older
// server) is one with data.
function isSpeedometerData(d: unknown): d is SpeedometerData {
  return is.object(d) && is.array(d.gauges) && (d.has_data === false || (d.gauges.length > 0 && d.gauges.every(isGauge)))
}

/**
 * `GET /api/speedometer?cloud=` — the three gauges of the home page (docs/requirements/screens.md#home), or
 * `has_data: false` when the cloud publishes no traffic figures.
 *
 * @throws ApiError on a failed request or an answer of the wrong shape
 */
export async function fetchSpeedometer(cloud: string, options: { apiBase?: string; signal?: AbortSignal } = {}): Promise<SpeedometerData> {
  const answer = await request<ApiAnswer<SpeedometerData>>('/api/speedometer', { ...options, query: { cloud } })
  return dataOf(answer, isSpeedometerData)
}
