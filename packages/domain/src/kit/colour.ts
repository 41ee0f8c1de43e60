// Colour arithmetic for contrast (WCAG 2): pure functions, no UI library, so the login page can use them without
// loading antd, and the server can colour the login page's first HTML as the console will.

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

export const parseHex = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

export const toHex = (rgb: [number, number, number]) =>
  `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

const luminance = (hex: string) => {
  const [r, g, b] = parseHex(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
};

/** WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const contrastWithWhite = (hex: string) => contrast(hex, '#ffffff');

/** The colour lightened (mixed with white) until it reads at 4.5:1 as text on a dark background. */
export function readableOnDark(hex: string, background = '#1f1f1f'): string {
  const rgb = parseHex(hex);
  for (let light = 0; light <= 1; light += 0.02) {
    const candidate = toHex(rgb.map((v) => v + (255 - v) * light) as [number, number, number]);
    if (contrast(candidate, background) >= 4.5) return candidate;
  }
  return '#ffffff';
}

/**
 * The theme colour as used for buttons, links and the active tab: the chosen colour, darkened (same hue) just
 * enough for white text on it, and it as text on white, to reach WCAG AA 4.5:1. #1890ff, the spec's default,
 * reads at 3.2:1 as it is; staff read these labels all day.
 */
export function readableColour(hex: string, background = '#ffffff'): string {
  const rgb = parseHex(hex);
  for (let dark = 0; dark <= 1; dark += 0.02) {
    const candidate = toHex(rgb.map((v) => v * (1 - dark)) as [number, number, number]);
    if (contrast(candidate, background) >= 4.5) return candidate;
  }
  return '#000000';
}

/** The page background of the dark theme, under links. */
const DARK_BACKGROUND = '#141414';

/**
 * The theme as CSS variables on <html>, for the plain-CSS screens (login) and the console's own CSS: the theme
 * colour made readable, and links readable on the theme's background.
 */
export function themeVariables(
  themeColor: string,
  isDark: boolean,
): Record<'--app-primary' | '--app-link', string> {
  return {
    '--app-primary': readableColour(themeColor),
    '--app-link': isDark ? readableOnDark(themeColor, DARK_BACKGROUND) : readableColour(themeColor),
  };
}
