// An upload is accepted only when its declared content type is allowed AND its first bytes are
// what that type starts with, so a renamed executable or HTML page cannot pass as an image.

type Signature = (head: Buffer) => boolean;

const startsWith =
  (bytes: number[], offset = 0): Signature =>
  (head) =>
    head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const png = startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const jpeg = startsWith([0xff, 0xd8, 0xff]);
const gif: Signature = (h) => startsWith(ascii('GIF87a'))(h) || startsWith(ascii('GIF89a'))(h);
const webp: Signature = (h) => startsWith(ascii('RIFF'))(h) && startsWith(ascii('WEBP'), 8)(h);
const mp4 = startsWith(ascii('ftyp'), 4);
const pdf = startsWith(ascii('%PDF-'));
const zip = startsWith([0x50, 0x4b, 0x03, 0x04]);
/** Plain text (CSV): no NUL byte and none of the binary signatures above. */
const text: Signature = (h) => !h.includes(0) && ![png, jpeg, gif, webp, mp4, pdf, zip].some((s) => s(h));

type TypeRule = { ext: string; signature: Signature };

const rules: Record<string, TypeRule> = {
  'image/png': { ext: 'png', signature: png },
  'image/jpeg': { ext: 'jpg', signature: jpeg },
  'image/jpg': { ext: 'jpg', signature: jpeg },
  'image/gif': { ext: 'gif', signature: gif },
  'image/webp': { ext: 'webp', signature: webp },
  'video/mp4': { ext: 'mp4', signature: mp4 },
  'application/pdf': { ext: 'pdf', signature: pdf },
  'application/zip': { ext: 'zip', signature: zip },
  'application/x-zip-compressed': { ext: 'zip', signature: zip },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { ext: 'xlsx', signature: zip },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { ext: 'docx', signature: zip },
  'text/csv': { ext: 'csv', signature: text },
};

/** Bytes needed to decide (WebP needs 12). */
export const SNIFF_BYTES = 16;

export function normaliseType(declared: string): string {
  return declared.split(';')[0]!.trim().toLowerCase();
}

export function extensionOf(contentType: string): string | null {
  return rules[contentType]?.ext ?? null;
}

/** Do the first bytes match the declared type? Types we cannot check are refused. */
export function matchesSignature(contentType: string, head: Buffer): boolean {
  const rule = rules[contentType];
  return rule ? rule.signature(head) : false;
}
