import { MOBILE_BREAKPOINT_PX, type PublicConfig, SIZES, type UiSize } from '@organiser/domain';
import { COOKIE, getCookie, setCookie } from './storage';
import { createStore, useStore } from './store';

// Layout state (persisted: sidebar status, size) and the settings drawer: its defaults come from the
// deployment's UI settings, and what a user changes is kept per account in this browser's local storage, so it
// survives a reload and another account signing in on the same browser keeps its own choices.

export type Device = 'desktop' | 'mobile';

export type AppState = {
  isSidebarOpen: boolean;
  device: Device;
  size: UiSize;
};

export type Settings = PublicConfig['ui'];

export const appStore = createStore<AppState>({ isSidebarOpen: true, device: 'desktop', size: 'medium' });

export const settingsStore = createStore<Settings>({
  themeColor: '#1890ff',
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: false,
  pinyinSearch: true,
  size: 'medium',
  darkMode: false,
});

export const useApp = <S>(selector: (s: AppState) => S): S => useStore(appStore, selector);
export const useSettings = <S>(selector: (s: Settings) => S): S => useStore(settingsStore, selector);

/** Mobile when the page is narrower than 992 px (width − 1 < 992, the breakpoint of vue-element-admin). */
export const deviceFor = (width: number): Device => (width - 1 < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop');

/** The page width without the scrollbar (the root element's client width): the width the layout really has. */
export const pageWidth = (): number =>
  typeof document === 'undefined' ? 1280 : document.documentElement.clientWidth || window.innerWidth;

/** The deployment's defaults, under every user's own choices. */
let settingDefaults: Settings = settingsStore.get();
/** The signed-in account whose choices the drawer edits (null before sign-in). */
let settingsOwner: string | null = null;

const SETTINGS_PREFIX = 'layoutSettings:';
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** A user's stored choices, keeping only known settings of the right type (a stale or edited entry is ignored). */
export function readUserSettings(account: string): Partial<Settings> {
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(SETTINGS_PREFIX + account) ?? 'null');
  } catch {
    return {};
  }
  if (!raw || typeof raw !== 'object') return {};
  const out: Partial<Settings> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (key === 'themeColor' && typeof value === 'string' && HEX_COLOUR.test(value)) out.themeColor = value;
    else if (
      (key === 'tagsView' ||
        key === 'fixedHeader' ||
        key === 'sidebarLogo' ||
        key === 'pinyinSearch' ||
        key === 'darkMode') &&
      typeof value === 'boolean'
    )
      out[key] = value;
  }
  return out;
}

function writeUserSettings(account: string, patch: Partial<Settings>): void {
  try {
    localStorage.setItem(
      SETTINGS_PREFIX + account,
      JSON.stringify({ ...readUserSettings(account), ...patch }),
    );
  } catch {
    // storage unavailable (private mode, quota): the choice lasts until the page is closed
  }
}

/** Shows the layout as this account left it (null: the deployment's defaults, after logout). */
export function applyUserSettings(account: string | null): void {
  settingsOwner = account;
  settingsStore.set({ ...settingDefaults, ...(account ? readUserSettings(account) : {}) });
}

export function initAppState(ui: Settings): void {
  settingDefaults = { ...ui };
  settingsOwner = null;
  settingsStore.set({ ...ui });
  const storedSize = getCookie(COOKIE.size);
  const sidebar = getCookie(COOKIE.sidebarStatus);
  const device = deviceFor(pageWidth());
  appStore.set({
    // template: absent cookie → open; on mobile the drawer starts closed
    isSidebarOpen: device === 'mobile' ? false : sidebar !== '0',
    device,
    size: SIZES.includes(storedSize as UiSize) ? (storedSize as UiSize) : ui.size,
  });
}

export function toggleSidebar(): void {
  const next = !appStore.get().isSidebarOpen;
  if (appStore.get().device === 'desktop') setCookie(COOKIE.sidebarStatus, next ? '1' : '0');
  appStore.set((s) => ({ ...s, isSidebarOpen: next }));
}

export function closeSidebar(): void {
  if (!appStore.get().isSidebarOpen) return;
  if (appStore.get().device === 'desktop') setCookie(COOKIE.sidebarStatus, '0');
  appStore.set((s) => ({ ...s, isSidebarOpen: false }));
}

export function setDevice(device: Device): void {
  if (appStore.get().device === device) return;
  const sidebar = getCookie(COOKIE.sidebarStatus);
  // Entering mobile closes the drawer; back on desktop the stored sidebar status applies again.
  appStore.set((s) => ({ ...s, device, isSidebarOpen: device === 'mobile' ? false : sidebar !== '0' }));
}

export function setSize(size: UiSize): void {
  setCookie(COOKIE.size, size);
  appStore.set((s) => ({ ...s, size }));
}

export function updateSettings(patch: Partial<Settings>): void {
  settingsStore.set((s) => ({ ...s, ...patch }));
  if (settingsOwner) writeUserSettings(settingsOwner, patch);
}
