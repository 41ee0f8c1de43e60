// Rich text is stored sanitised by the server (sanitize-html); the console sanitises again wherever it puts HTML
// into the page (display, paste), so a record written by any other path cannot run script in the console.
// The allow-list is the domain's, the one the server stores by: known tags and attributes survive, unknown tags are
// unwrapped, dangerous ones go with their content, no class, no style but text alignment.
import {
  isRichTextUrl,
  RICH_TEXT_DROPPED_TAGS,
  RICH_TEXT_TAGS,
  RICH_TEXT_URL_ATTRIBUTES,
  richTextStyle,
} from '@organiser/domain';

const DROPPED = new Set(RICH_TEXT_DROPPED_TAGS);

function clean(node: Node, doc: Document): Node | null {
  if (node.nodeType === 3) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== 1) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = [...element.childNodes]
    .map((child) => clean(child, doc))
    .filter((c): c is Node => c !== null);
  const allowed = Object.hasOwn(RICH_TEXT_TAGS, tag) ? RICH_TEXT_TAGS[tag] : undefined;
  if (!allowed) {
    const fragment = doc.createDocumentFragment();
    for (const child of children) fragment.append(child);
    return fragment;
  }
  const out = doc.createElement(tag);
  for (const name of allowed) {
    const value = element.getAttribute(name);
    if (value === null) continue;
    if (RICH_TEXT_URL_ATTRIBUTES.includes(name) && !isRichTextUrl(value)) continue;
    out.setAttribute(name, value);
  }
  const style = richTextStyle(element.getAttribute('style'));
  if (style) out.setAttribute('style', style);
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
