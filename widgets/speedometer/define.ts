import { defineElement } from '../core/element'
import { SpeedometerElement } from './element'

defineElement('trust-speedometer', SpeedometerElement)
