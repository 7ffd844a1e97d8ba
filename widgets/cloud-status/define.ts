import { defineElement } from '../core/element'
import { CloudStatusElement } from './element'

defineElement('trust-cloud-status', CloudStatusElement)
