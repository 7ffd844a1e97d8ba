import { defineElement } from '../core/element'
import { CloudPickerElement } from './element'

defineElement('trust-cloud-picker', CloudPickerElement)
