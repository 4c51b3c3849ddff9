import { describe, expect, it } from 'vitest';
import { planJump, renderJumpPage } from '../../mock-server/visit-rules/jump.ts';

const URL_ = 'https://example.com/a?x=1&y="2"';
const noRef = { referrer: '' };

describe('jump types 1-6', () => {
  it.each([
    [1, { kind: 'script', method: 'replace', url: URL_ }],
    [2, { kind: 'meta', url: URL_ }],
    [3, { kind: 'script', method: 'href', url: URL_ }],
    [4, { kind: 'script', method: 'open', url: URL_ }],
    [5, { kind: 'frame', url: URL_ }],
    [6, { kind: 'script', method: 'replace', url: URL_ }],
  ] as const)('type %i without a referrer plans %o', (type, plan) => {
    expect(planJump(type, URL_, noRef)).toEqual(plan);
  });

  it('type 6 does not jump when the request carries a referrer (only a link)', () => {
    expect(planJump(6, URL_, { referrer: 'https://other.example/' })).toEqual({ kind: 'link', url: URL_ });
  });
});

describe('the jump page', () => {
  const nonce = 'abc123';

  it('runs its one script under a nonce CSP and escapes the URL for HTML and for script', () => {
    const { html, csp } = renderJumpPage(planJump(1, 'https://e.com/</script><script>alert(1)</script>', noRef), nonce, '<b>t</b>');
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
    expect(csp).toContain("default-src 'none'");
    expect(html).toContain(`<script nonce="${nonce}">location.replace("https://e.com/\\u003c/script\\u003e`);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<title>&lt;b&gt;t&lt;/b&gt;</title>');
  });

  it('type 2 uses a meta refresh and no script', () => {
    const { html } = renderJumpPage(planJump(2, URL_, noRef), nonce);
    expect(html).toContain('<meta http-equiv="refresh" content="0;url=https://example.com/a?x=1&amp;y=&quot;2&quot;">');
    expect(html).not.toContain('<script');
  });

  it('type 3 assigns location.href, type 4 opens a new tab with a link fallback', () => {
    expect(renderJumpPage(planJump(3, URL_, noRef), nonce).html).toContain('location.href = "https://example.com/a?x=1\\u0026y=\\"2\\"";');
    const open = renderJumpPage(planJump(4, URL_, noRef), nonce).html;
    expect(open).toContain("window.open(");
    expect(open).toContain('target="_blank" rel="noopener noreferrer"');
  });

  it('type 5 frames the target full-page and allows only http(s) frames', () => {
    const { html, csp } = renderJumpPage(planJump(5, URL_, noRef), nonce);
    expect(html).toContain('<iframe src="https://example.com/a?x=1&amp;y=&quot;2&quot;"');
    expect(csp).toContain('frame-src http: https:');
  });

  it('type 6 with a referrer answers a plain link, without script or refresh', () => {
    const { html, csp } = renderJumpPage(planJump(6, URL_, { referrer: 'https://x/' }), nonce);
    expect(html).not.toMatch(/<script|http-equiv/);
    expect(html).toContain('<a href="https://example.com/a?x=1&amp;y=&quot;2&quot;"');
    expect(csp).toContain("frame-src 'none'");
  });
});
