import type { Bilingual } from '../navigation/types';

/** A label or message in both console languages: `t('Product', '产品')`. Every definition, preset and
 * catalogue entry writes its texts with it, so an English text never goes without its Chinese one. */
export const t = (en: string, zh: string): Bilingual => ({ en, zh });
