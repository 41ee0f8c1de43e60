// The one allow-list of rich text, for the server (which stores it sanitised: the marketplace and mail show the
// stored HTML as it is) and for the console (which cleans it again wherever it puts HTML into the page). Known
// tags keep the attributes listed; unknown tags are unwrapped; the dropped ones go with their content. No `class`
// (a stored class can borrow the console's own styles, e.g. a modal mask) and no `style` but text alignment
// (position, z-index and sizes would let a record cover the page).

/** Tags kept, with the attributes each keeps (besides an aligned `style`). */
export const RICH_TEXT_TAGS: Readonly<Record<string, readonly string[]>> = {
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
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  a: ['href', 'name', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  video: ['src', 'controls', 'poster', 'width', 'height'],
  source: ['src', 'type'],
};

/** Removed together with everything inside them. */
export const RICH_TEXT_DROPPED_TAGS: readonly string[] = [
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
  'option',
  'link',
  'meta',
  'base',
  'frame',
  'frameset',
  'title',
];

/** Attributes holding an address, which must use one of the schemes below (or be relative). */
export const RICH_TEXT_URL_ATTRIBUTES: readonly string[] = ['href', 'src', 'poster'];
export const RICH_TEXT_URL_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];

const TEXT_ALIGN = /^text-align\s*:\s*(left|right|center|justify)$/i;

/**
 * The part of a `style` attribute rich text keeps: its text alignment, written as `text-align: center`, or null
 * when it has none. Every other declaration is dropped.
 */
export function richTextStyle(style: string | null | undefined): string | null {
  if (!style) return null;
  let kept: string | null = null;
  for (const declaration of style.split(';')) {
    const match = TEXT_ALIGN.exec(declaration.trim());
    if (match) kept = `text-align: ${match[1]!.toLowerCase()}`;
  }
  return kept;
}

const isControlOrSpace = (code: number) => code <= 0x20 || (code >= 0x7f && code <= 0x9f);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** An address rich text may keep: a relative one, or one of the allowed schemes. Control characters and spaces
 * inside a scheme ("java\tscript:") are how filters get bypassed, so they are ignored when reading it; a
 * protocol-relative address (`//host/x`) is refused. */
export function isRichTextUrl(value: string): boolean {
  const compact = [...value].filter((c) => !isControlOrSpace(c.charCodeAt(0))).join('');
  if (compact.startsWith('//') || compact.startsWith('\\')) return false;
  const scheme = SCHEME.exec(compact)?.[1]?.toLowerCase();
  return scheme === undefined || RICH_TEXT_URL_SCHEMES.includes(scheme);
}
