import { defineElement } from '../core/element'
import { DcMapElement } from './element'

defineElement('trust-dc-map', DcMapElement)
