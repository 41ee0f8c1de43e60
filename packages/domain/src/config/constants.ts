// Business constants and limits.

export const TOKEN_COOKIE = 'Admin-Token';
/**
 * Where the console also keeps the token, in local storage: the cookie ends with the browser session, this does
 * not (the console restores the cookie from it; the login page's first HTML reads it to hide its form).
 */
export const TOKEN_STORAGE_KEY = 'token';
export const TOKEN_HEADER = 'X-Token';
export const ERROR_MESSAGE_DURATION_MS = 5000;
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 210;
export const SIDEBAR_COLLAPSED_WIDTH_PX = 54;
export const DEFAULT_THEME_COLOR = '#1890ff';

/** The time zone whose calendar days the statistics count in, unless the deployment names another. */
export const DEFAULT_STATISTICS_TIME_ZONE = 'Asia/Shanghai';
export const ORIGINAL_THEME_COLOR = '#409EFF';
export const PRESET_THEME_COLORS = [
  '#409EFF',
  '#1890ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959CD',
  '#f5222d',
] as const;
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type UiSize = (typeof SIZES)[number];
export const DEFAULT_SIZE: UiSize = 'medium';
export const DIALOG_WIDTH = '65%';
export const DIALOG_TOP = '15vh';
export const RECLICK_GUARD_MS = 3000;
export const MENU_SEARCH = {
  threshold: 0.4,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'pinyinTitle', weight: 0.3 },
    { name: 'path', weight: 0.3 },
  ],
} as const;
export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * A visitor's language: the stored choice, else the first of the browser's languages that contains a known code
 * ("zh-CN" → zh, "en-GB" → en, as vue-element-admin recognises them), else English. The console picks its language
 * so at boot, and the server so for the answers it writes into a signed-in page, which must be in the same one.
 */
export function detectLanguage(stored: string | null | undefined, browser: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const lower = tag.trim().toLowerCase();
    const hit = LANGUAGES.find((code) => lower.startsWith(code));
    if (hit) return hit;
  }
  return DEFAULT_LANGUAGE;
}
/** The cookie that keeps the console's language choice (read by the console and by the login page's first HTML). */
export const LANGUAGE_COOKIE = 'language';
/** Language names are written in their own language: 中文 or English. */
export const LANGUAGE_NAMES: Record<Language, string> = { zh: '中文', en: 'English' };

/**
 * The console's mark, as the browser tab's icon (apps/console/public/favicon.svg holds the same picture) and beside
 * the product name on the login page and in the sidebar. Those two show it from this data URI, inside the page:
 * no request of its own, and none again on each load to check that the file has not changed.
 */
export const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Organiser console</title><rect width="32" height="32" rx="7" fill="#1890ff"/><path d="M8 22V10h4l4 6 4-6h4v12h-4v-6l-4 5-4-5v6z" fill="#fff"/></svg>';
export const LOGO_DATA_URI = `data:image/svg+xml,${encodeURIComponent(LOGO_SVG)}`;

export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;

export const MB = 1024 * 1024;
export const IMAGE_MAX_BYTES = 2 * MB;
export const VIDEO_MAX_BYTES = 200 * MB;
export const AD_IMAGES_MAX = 9;
export const SHORT_CONTENT_MAX = 40;
/** Product categories have two levels ("stair level 2"). */
export const PRODUCT_CATEGORY_LEVELS = 2;
export const MEMBERSHIP_SHORT_NAME_MAX = 7;
export const RECOMMEND_SEARCH_OBJECTS_MAX = 3;
/** The older variant of the product allowed five objects per recommended search (a run-time setting). */
export const RECOMMEND_SEARCH_OBJECTS_MAX_OLDER = 5;
export const COMPANY_TAGS_MAX = 2;
export const NO_LOGIN_DAYS_FOR_POINT_RULE = 14;
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const VIDEO_TYPES = ['video/mp4'] as const;
