import type { DetailedHTMLProps, HTMLAttributes } from 'react'

type TrustElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  cloud?: string
  'api-base'?: string
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'trust-speedometer': TrustElementProps
      'trust-dc-map': TrustElementProps
      'trust-cloud-status': TrustElementProps & { timezone?: string }
      'trust-subscriptions': TrustElementProps & { 'faq-href'?: string }
      'trust-faq': TrustElementProps
      'trust-compliance': TrustElementProps
    }
  }
}
