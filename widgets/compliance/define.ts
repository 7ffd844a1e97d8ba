import { defineElement } from '../core/element'
import { ComplianceElement } from './element'

defineElement('trust-compliance', ComplianceElement)
