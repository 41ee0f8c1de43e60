// What a Chinese text of the console may carry in Latin letters, shared by the checks of the catalogues and of
// the screens a Chinese reader sees.

/**
 * Latin words a Chinese text may contain: file formats, protocols and technical tokens that Chinese
 * writes as they are, key names on the keyboard (Ctrl K), and the `root` role code a person types. Anything else in a Chinese text is English
 * shown to a Chinese user.
 */
export const CHINESE_LATIN_ALLOWED: ReadonlySet<string> = new Set([
  'ID',
  'id',
  'IP',
  'URL',
  'API',
  'api',
  'https',
  'HTML',
  'JSON',
  'CSV',
  'csv',
  'xlsx',
  'Excel',
  'UTF',
  'root',
  'PNG',
  'JPG',
  'PDF',
  'Ctrl',
  'K',
  // units, sizes (1200x240) and what a technical field holds: HTTP methods, an icon's name
  'kW',
  'g',
  'cm',
  'KB',
  'MB',
  'x',
  'http',
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'TeamOutlined',
]);

/** The Latin words of a text, leaving out `{{placeholders}}`, `{placeholders}` and markup tags (data, not words). */
export const latinWords = (text: string): string[] =>
  text
    .replace(/\{\{[^}]*\}\}/g, '')
    // a template's own placeholders (`{companyName}`), which the text names for the person writing it
    .replace(/\{[A-Za-z]+\}/g, '')
    .replace(/<[^>]*>/g, '')
    .match(/[A-Za-z]+/g) ?? [];
