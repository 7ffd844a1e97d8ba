// `trust-site-kit/post`: the public surface (side-effect free; `./define` registers the tag).
export type { PostData, PrivilegedPostData } from '../../contract/records'
export { fetchPost } from './api'
export type { PostKind, PostQuery, PostResult } from './api'
export { PostElement } from './element'
export { Post, PostWidget } from './Post'
export type { PostProps, PostWidgetProps } from './Post'
