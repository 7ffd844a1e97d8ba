/**
 * The page a single sign-on that stopped answers (docs/operating/staff-sign-in.md#single-sign-on): what went wrong
 * and what to do, in words, in the visitor's language and colour theme, with the site's header bar,
 * surfaces and link colours (the values of `styles/palette.ts`; the server reads no front-end
 * module). One self-contained HTML document: no script, styles inline (allowed by the
 * Content-Security-Policy, `server/http/security-headers.ts`).
 */
import { escapeHtml } from '../../contract/text.js'
import { htmlLangAttributes, type Locale } from '../../contract/locale.js'
import { htmlThemeAttributes, type Theme } from '../../contract/theme.js'
import { mailTexts } from '../mail/catalogues.js'
import { ssoPageMessages } from './messages.js'
import type { SsoProblem } from './sso.js'

/** What {@link ssoProblemPage} shows. */
export interface SsoPageInput {
  problem: SsoProblem
  locale: Locale
  theme: Theme
  /** The site's name (`server/repo/settings.ts` `readSiteName`). */
  site: string
  /** The Employee login address to start again (`/sso/login?destination=…`); null: no such link. */
  retry: string | null
}

const STYLE = `
:root{color-scheme:light dark}
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5;
background:light-dark(#f5f7fa,#0d1117);color:light-dark(#1b2533,#e6edf3)}
header{background:light-dark(#0f2740,#010409);padding:12px 16px}
header a{color:light-dark(#fff,#e6edf3);font-weight:600;text-decoration:none}
main{max-width:40rem;margin:24px auto;padding:0 16px}
section{background:light-dark(#fff,#161b22);border:1px solid light-dark(#d3dae4,#3d444d);border-radius:8px;padding:24px}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 12px}
p{margin:0 0 16px}
nav{display:flex;flex-wrap:wrap;gap:12px}
nav a{display:inline-block;min-height:44px;padding:10px 16px;border-radius:4px;color:light-dark(#0b5cad,#58a6ff);
border:1px solid light-dark(#0b5cad,#58a6ff);text-decoration:none}
nav a.primary{background:light-dark(#0b5cad,#58a6ff);color:light-dark(#fff,#0d1117)}
a:focus-visible{outline:2px solid light-dark(#1a73e8,#79c0ff);outline-offset:2px}
`

/** The HTML document of a stopped single sign-on (see the module comment). */
export function ssoProblemPage({ problem, locale, theme, site, retry }: SsoPageInput): string {
  const t = mailTexts(ssoPageMessages, locale)
  const heading = t[`${problem}Heading`]
  const text = t[problem]
  const links: string[] = []
  if (retry !== null && problem !== 'notConfigured') {
    links.push(`<a class="primary" href="${escapeHtml(retry)}" data-testid="sso-retry">${escapeHtml(t.tryAgain)}</a>`)
  }
  links.push(`<a href="/sign-in" data-testid="sso-password-sign-in">${escapeHtml(t.passwordSignIn)}</a>`)
  links.push(`<a href="/">${escapeHtml(t.home)}</a>`)
  return `<!doctype html>
<html ${htmlLangAttributes(locale)}${htmlThemeAttributes(theme)}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${heading} · ${t.title} · ${site}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><a href="/">${escapeHtml(site)}</a></header>
<main>
<section data-testid="sso-problem" data-problem="${problem}">
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(text)}</p>
<nav aria-label="${escapeHtml(t.title)}">${links.join('')}</nav>
</section>
</main>
</body>
</html>
`
}
