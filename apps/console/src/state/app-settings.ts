import { MOBILE_BREAKPOINT_PX, type PublicConfig, SIZES, type UiSize } from '@organiser/domain';
import { COOKIE, getCookie, setCookie } from './storage';
import { createStore, useStore } from './store';

// Layout state (persisted per spec §3: sidebar status, size) and the settings drawer (in memory, defaults from
// the deployment's UI settings, as the template's settings are not persisted either).

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

/** Mobile when the page is narrower than 992 px (spec §9; template: width − 1 < 992). */
export const deviceFor = (width: number): Device => (width - 1 < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop');

/** The page width without the scrollbar (the template measured the body). */
export const pageWidth = (): number =>
  typeof document === 'undefined' ? 1280 : document.documentElement.clientWidth || window.innerWidth;

export function initAppState(ui: Settings): void {
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
}
