import { defineElement } from '../core/element'
import { FaqElement } from './element'

defineElement('trust-faq', FaqElement)
