import { TrustEvent } from '../core/element'

/** Detail of {@link CloudChangeEvent}: the cloud just chosen. */
export interface CloudChangeDetail {
  /** Machine name, e.g. `'alpha'`. */
  cloud: string
  /** Domain, e.g. `'alpha.net'`. */
  domain: string
  /** Display title. */
  title: string
}

/**
 * `trust-cloud-change` (bubbles, composed): the visitor chose another cloud in
 * `<trust-cloud-picker>`. The page's shared cloud store and the `machineName` cookie are already
 * updated, so widgets without a `cloud` attribute follow by themselves.
 */
export class CloudChangeEvent extends TrustEvent<CloudChangeDetail> {
  constructor(detail: CloudChangeDetail) {
    super('trust-cloud-change', detail)
  }
}
