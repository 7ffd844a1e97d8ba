import { defineElement } from '../core/element'
import { NotificationsElement } from './element'

defineElement('trust-notifications', NotificationsElement)
