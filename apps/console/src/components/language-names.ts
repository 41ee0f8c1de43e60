import type { Language } from '@organiser/domain';

/** Language names are written in their own language: 中文 or English. */
export const LANGUAGE_NAMES: Record<Language, string> = { zh: '中文', en: 'English' };
