// Rich text is stored sanitised by the server (sanitize-html); the console sanitises again wherever it puts HTML
// into the page (display, paste), so a record written by any other path cannot run script in the console.
// Allow-list: known tags and attributes survive, unknown tags are unwrapped, dangerous ones go with their content.

const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  del: [],
  sup: [],
  sub: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  pre: [],
  code: [],
  hr: [],
  span: [],
  div: [],
  figure: [],
  figcaption: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  video: ['src', 'controls', 'poster', 'width', 'height'],
  source: ['src', 'type'],
};

/** Removed together with everything inside them. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'link',
  'meta',
  'base',
  'frame',
  'frameset',
]);

const URL_ATTRIBUTES = new Set(['href', 'src', 'poster']);
const SAFE_URL = /^(https?:|mailto:|tel:|\/(?!\/)|#|[^:/?#]+(?:[/?#]|$))/i;

const isControlOrSpace = (code: number) => code <= 0x20 || (code >= 0x7f && code <= 0x9f);

function isSafeUrl(value: string): boolean {
  // control characters and spaces inside a scheme ("java\tscript:") are how filters get bypassed
  const compact = [...value].filter((c) => !isControlOrSpace(c.charCodeAt(0))).join('');
  return SAFE_URL.test(compact) && !/^(javascript|data|vbscript):/i.test(compact);
}

const TEXT_ALIGN = /^\s*text-align\s*:\s*(left|right|center|justify)\s*;?\s*$/i;

function clean(node: Node, doc: Document): Node | null {
  if (node.nodeType === 3) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== 1) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = [...element.childNodes]
    .map((child) => clean(child, doc))
    .filter((c): c is Node => c !== null);
  const allowed = ALLOWED[tag];
  if (!allowed) {
    const fragment = doc.createDocumentFragment();
    for (const child of children) fragment.append(child);
    return fragment;
  }
  const out = doc.createElement(tag);
  for (const name of allowed) {
    const value = element.getAttribute(name);
    if (value === null) continue;
    if (URL_ATTRIBUTES.has(name) && !isSafeUrl(value)) continue;
    out.setAttribute(name, value);
  }
  const style = element.getAttribute('style');
  if (style && TEXT_ALIGN.test(style)) out.setAttribute('style', style.trim());
  if (tag === 'a' && out.getAttribute('target') === '_blank') out.setAttribute('rel', 'noopener noreferrer');
  for (const child of children) out.append(child);
  return out;
}

/** HTML reduced to the allow-list. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const container = doc.createElement('div');
  for (const child of [...doc.body.childNodes]) {
    const cleaned = clean(child, doc);
    if (cleaned) container.append(cleaned);
  }
  return container.innerHTML;
}

/** An editor's HTML with nothing but empty paragraphs and line breaks counts as empty (required checks). */
export function isBlankHtml(html: string | null | undefined): boolean {
  if (!html) return true;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return (doc.body.textContent ?? '').trim() === '' && !doc.body.querySelector('img,video,hr,table');
}

/** The plain text of some HTML (for list cells and history). */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
