import { describe, expect, it } from 'vitest';
import { htmlToText, isBlankHtml, sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps formatting, links and images', () => {
    const html =
      '<h3>Title</h3><p><strong>bold</strong> <a href="https://x.test" target="_blank">x</a></p><img src="/uploads/a.png" alt="a">';
    expect(sanitizeHtml(html)).toBe(
      '<h3>Title</h3><p><strong>bold</strong> <a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a></p><img src="/uploads/a.png" alt="a">',
    );
  });

  it('removes scripts, handlers and script urls', () => {
    const html =
      '<p onclick="steal()">hi<script>steal()</script></p><a href="javascript:steal()">x</a><a href=" java\tscript:steal()">y</a><img src="x" onerror="steal()"><object data="https://evil.test/x.swf"></object><style>p{}</style>';
    const clean = sanitizeHtml(html);
    expect(clean).not.toMatch(/script|onclick|onerror|object|style/i);
    expect(clean).toContain('<p>hi</p>');
    expect(clean).toContain('<a>x</a>');
  });

  it('unwraps unknown tags and keeps their text', () => {
    expect(sanitizeHtml('<custom-el><b>kept</b></custom-el>')).toBe('<b>kept</b>');
  });

  it('tells empty editor content and plain text', () => {
    expect(isBlankHtml('<p><br></p>')).toBe(true);
    expect(isBlankHtml('<p><img src="/a.png"></p>')).toBe(false);
    expect(htmlToText('<p>a</p><p>b  c</p>')).toBe('ab c');
  });
});

describe('the allow-list shared with the server', () => {
  it('keeps only text alignment of a style and no class: no overlay survives', () => {
    const html =
      '<div class="ant-modal-mask" style="position:fixed; inset:0; z-index:99999; background:#000">Sale!</div>' +
      '<p style="text-align:center; color:red" class="x">Centred</p>' +
      '<p style="TEXT-ALIGN: Right">Right</p><span style="width:100vw">plain</span><constructor>kept</constructor>';
    // the same result the server stores for the same HTML (apps/api/test/rich-text.test.ts)
    expect(sanitizeHtml(html)).toBe(
      '<div>Sale!</div><p style="text-align: center">Centred</p><p style="text-align: right">Right</p><span>plain</span>kept',
    );
  });
});
