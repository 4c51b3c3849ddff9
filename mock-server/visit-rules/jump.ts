import type { EnumValue, JumpType } from '../../contracts/index.ts';

/**
 * How the visit page sends the visitor on (spec §4 jump types):
 * 1 `location.replace`, 2 `<meta http-equiv=refresh>`, 3 `location.href`, 4 open in a new tab (with a link in case
 * the pop-up is blocked), 5 open in the current page (the target framed full-page), 6 jump only when the request
 * carries no referrer (as a CDN rule would); with a referrer the page shows a link instead.
 */
export type JumpPlan =
  | { readonly kind: 'script'; readonly method: 'replace' | 'href' | 'open'; readonly url: string }
  | { readonly kind: 'meta'; readonly url: string }
  | { readonly kind: 'frame'; readonly url: string }
  | { readonly kind: 'link'; readonly url: string };

export function planJump(type: EnumValue<typeof JumpType>, url: string, request: { referrer: string }): JumpPlan {
  switch (type) {
    case 1:
      return { kind: 'script', method: 'replace', url };
    case 2:
      return { kind: 'meta', url };
    case 3:
      return { kind: 'script', method: 'href', url };
    case 4:
      return { kind: 'script', method: 'open', url };
    case 5:
      return { kind: 'frame', url };
    case 6:
      return request.referrer.trim() === '' ? { kind: 'script', method: 'replace', url } : { kind: 'link', url };
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** JSON that is safe inside a <script> element (no `</script>`, no U+2028/9 surprises). */
const scriptJson = (v: unknown) =>
  JSON.stringify(v).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export interface JumpPage {
  readonly html: string;
  /** Content-Security-Policy for this page only: the nonce admits its one inline script. */
  readonly csp: string;
}

/** The visit page for a plan. Only http(s) targets reach here (contracts validate them on write). */
/**
 * `extraScript`: the super administrator's visit-page script (js_config), admitted by the same nonce. `</`
 * and `<!--` are broken up so the text cannot close its element or open another one.
 */
export function renderJumpPage(plan: JumpPlan, nonce: string, title = '', extraScript = ''): JumpPage {
  const url = escapeHtml(plan.url);
  const head = [`<meta charset="utf-8">`, `<meta name="viewport" content="width=device-width,initial-scale=1">`, `<meta name="referrer" content="no-referrer">`, `<title>${escapeHtml(title)}</title>`];
  let body = `<p><a href="${url}" rel="noreferrer">${url}</a></p>`;
  const scripts: string[] = [];
  if (plan.kind === 'meta') head.push(`<meta http-equiv="refresh" content="0;url=${url}">`);
  if (plan.kind === 'frame') {
    head.push('<style>html,body,iframe{margin:0;border:0;width:100%;height:100%}</style>');
    body = `<iframe src="${url}" title="${escapeHtml(title)}" referrerpolicy="no-referrer"></iframe>`;
  }
  if (plan.kind === 'script') {
    const target = scriptJson(plan.url);
    const js =
      plan.method === 'replace'
        ? `location.replace(${target});`
        : plan.method === 'href'
          ? `location.href = ${target};`
          : `window.open(${target}, '_blank', 'noopener');`;
    scripts.push(`<script nonce="${nonce}">${js}</script>`);
    if (plan.method === 'open') body = `<p><a href="${url}" target="_blank" rel="noopener noreferrer">${url}</a></p>`;
  }
  if (extraScript) scripts.push(`<script nonce="${nonce}">${extraScript.replace(/<\//g, '<\\/').replace(/<!--/g, '<\\!--')}</script>`);
  const html = `<!doctype html><html><head>${head.join('')}</head><body>${body}${scripts.join('')}</body></html>`;
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'unsafe-inline'",
    plan.kind === 'frame' ? 'frame-src http: https:' : "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
}
