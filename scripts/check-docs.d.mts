/** GitHub's anchor of a heading's text. */
export function slug(text: string): string
/** The doc files the check reads under root: README.md, docs/**\/*.md and the folder READMEs (absolute paths). */
export function docFiles(root: string): string[]
/** Every problem found under root, each `file:line: what is missing`; empty when the docs are sound. */
export function checkDocs(root: string): string[]
