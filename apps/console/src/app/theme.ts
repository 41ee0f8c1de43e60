import { contrast, parseHex, readableColour, readableOnDark, toHex, type UiSize } from '@organiser/domain';
import { type ConfigProviderProps, theme } from 'antd';

export { contrast, contrastWithWhite, readableColour, readableOnDark } from '@organiser/domain';

type ThemeConfig = NonNullable<ConfigProviderProps['theme']>;
type AntdSize = NonNullable<ConfigProviderProps['componentSize']>;

/**
 * Maps the size choice default / medium / small / mini onto antd's three sizes: vue-element-admin's control heights
 * 40 / 36 / 32 / 28 px become large / medium / small, and mini is small with antd's compact algorithm.
 */
export function antdSize(size: UiSize): AntdSize {
  if (size === 'default') return 'large';
  if (size === 'medium') return 'medium';
  return 'small';
}

/** Sidebar colours: the dark sidebar staff know from vue-element-admin. */
export const SIDEBAR = {
  bg: '#304156',
  text: '#bfcbd9',
  hover: '#263445',
  submenuBg: '#1f2d3d',
  logoBg: '#2b2f3a',
} as const;

/**
 * The link colour to give antd in dark mode. `colorLink` is a seed token: the dark algorithm derives the colour it
 * paints from it (#1890ff becomes #177ddc, 4.0:1 on antd's dark panels), so the seed is lightened until what the
 * algorithm derives reads at 4.5:1 on `background`.
 */
export function darkLinkSeed(hex: string, background: string): string {
  const rgb = parseHex(hex);
  for (let light = 0; light <= 1; light += 0.04) {
    const candidate = toHex(rgb.map((v) => v + (255 - v) * light) as [number, number, number]);
    const painted = theme.getDesignToken({ algorithm: theme.darkAlgorithm, token: { colorLink: candidate } });
    if (contrast(painted.colorLink, background) >= 4.5) return candidate;
  }
  return '#ffffff';
}

export function buildTheme(input: {
  themeColor: string;
  isDark: boolean;
  size: UiSize;
  /** The person's system asks for reduced motion: antd's opening, closing and sliding animations are left out. */
  reduceMotion?: boolean;
}): ThemeConfig {
  const algorithm = [input.isDark ? theme.darkAlgorithm : theme.defaultAlgorithm];
  if (input.size === 'mini') algorithm.push(theme.compactAlgorithm);
  const primary = readableColour(input.themeColor);
  // on dark surfaces links need the opposite: a lighter shade of the theme colour
  const links = input.isDark
    ? {
        colorLink: darkLinkSeed(input.themeColor, '#1f1f1f'),
        colorLinkHover: darkLinkSeed(input.themeColor, '#303030'),
      }
    : {
        // links sit on grey surfaces too (a hovered table row, a filled search form); hover goes darker still
        colorLink: readableColour(input.themeColor, '#f0f0f0'),
        colorLinkHover: readableColour(input.themeColor, '#d9d9d9'),
        colorLinkActive: readableColour(input.themeColor, '#d9d9d9'),
      };
  // error and warning texts (form errors, danger buttons, the caps-lock hint) must read at 4.5:1 too
  const status = input.isDark
    ? {}
    : { colorError: readableColour('#ff4d4f'), colorWarning: readableColour('#faad14') };
  // a row's danger button (Delete) sits on the grey of a hovered or nested table row as well: only buttons take it,
  // so the tints derived from the status colours (tags, alerts) stay as they are
  const buttons = input.isDark
    ? { colorError: readableOnDark('#dc4446', '#303030') }
    : { colorError: readableColour('#ff4d4f', '#f0f0f0') };
  // antd's secondary and tertiary texts (rgba(0,0,0,.45)) read at 3.4:1 on white: darker greys reach 4.5:1
  const secondary = input.isDark
    ? {
        colorTextSecondary: 'rgba(255,255,255,0.68)',
        colorTextDescription: 'rgba(255,255,255,0.65)',
        colorTextTertiary: 'rgba(255,255,255,0.62)',
        colorTextPlaceholder: 'rgba(255,255,255,0.6)',
      }
    : {
        colorTextSecondary: 'rgba(0,0,0,0.62)',
        colorTextDescription: 'rgba(0,0,0,0.6)',
        colorTextTertiary: 'rgba(0,0,0,0.6)',
        // placeholders name what a filter expects ("All"): antd's .25 alpha is 1.9:1
        colorTextPlaceholder: 'rgba(0,0,0,0.58)',
      };
  // status tags (Enabled, Passed, Refused…) are coloured text on a tint, in table rows that turn grey on hover and
  // under a fixed column's shadow: each is darkened until it reads at 4.5:1 on that grey; only the tags take these
  const tagGrey = '#d9d9d9';
  // in the dark theme the same tags are light text on a dark tint: lightened until they read at 4.5:1 on the
  // lightest grey a dark row turns to
  const darkTagGrey = '#303030';
  const tags = input.isDark
    ? {
        colorSuccess: readableOnDark('#49aa19', darkTagGrey),
        colorWarning: readableOnDark('#d89614', darkTagGrey),
        colorError: readableOnDark('#dc4446', darkTagGrey),
        colorInfo: readableOnDark(primary, darkTagGrey),
      }
    : {
        colorSuccess: readableColour('#52c41a', tagGrey),
        colorWarning: readableColour('#faad14', tagGrey),
        colorError: readableColour('#ff4d4f', tagGrey),
        colorInfo: readableColour(primary, tagGrey),
      };
  return {
    algorithm,
    // antd's component styles come from its prebuilt stylesheet (app/themed-providers.tsx) instead of being generated
    // and injected by every component's first render; the theme still reaches them through the CSS variables that
    // the tokens above (and the dark and compact algorithms) set at runtime
    zeroRuntime: true,
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      borderRadius: 4,
      ...secondary,
      ...status,
      ...links,
      ...(input.reduceMotion ? { motion: false } : {}),
    },
    components: {
      Tag: tags,
      Button: buttons,
      Menu: {
        darkItemBg: input.isDark ? '#141414' : SIDEBAR.bg,
        darkSubMenuItemBg: input.isDark ? '#0f0f0f' : SIDEBAR.submenuBg,
        darkPopupBg: input.isDark ? '#141414' : SIDEBAR.bg,
        darkItemColor: SIDEBAR.text,
        darkItemHoverBg: SIDEBAR.hover,
        darkItemHoverColor: '#ffffff',
        darkItemSelectedBg: primary,
        darkItemSelectedColor: '#ffffff',
        itemBorderRadius: 0,
        itemMarginInline: 0,
        itemMarginBlock: 0,
        collapsedWidth: 54,
      },
    },
  };
}
