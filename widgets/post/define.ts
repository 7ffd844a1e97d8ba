import { defineElement } from '../core/element'
import { PostElement } from './element'

defineElement('trust-post', PostElement)
