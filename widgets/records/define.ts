import { defineElement } from '../core/element'
import { RecordsElement } from './element'

defineElement('trust-records', RecordsElement)
