import { act, render, screen } from '@testing-library/react';
import { theme as antdTheme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTheme } from './theme';
import { ThemedProviders } from './themed-providers';

// Reduced motion (WCAG 2.3.3): a person whose system asks for it gets antd without its opening, closing and sliding
// animations, followed live; everyone else keeps them.

/** A media query list for prefers-reduced-motion whose answer the test changes. */
function fakeReducedMotion(initially: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    matches: initially,
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      (query === list.media ? list : { ...list, matches: false, media: query }) as unknown as MediaQueryList,
  );
  return {
    set(value: boolean) {
      list.matches = value;
      for (const listener of listeners) listener();
    },
  };
}

function Motion() {
  const { token } = antdTheme.useToken();
  return <output>{token.motion ? 'animated' : 'still'}</output>;
}

afterEach(() => vi.restoreAllMocks());

describe('reduced motion', () => {
  it('turns antd motion off in the theme only when asked', () => {
    const base = { themeColor: '#1890ff', isDark: false, size: 'default' as const };
    expect(buildTheme({ ...base, reduceMotion: true }).token?.motion).toBe(false);
    expect(buildTheme(base).token?.motion).toBeUndefined();
  });

  it('follows the system preference live', async () => {
    const preference = fakeReducedMotion(false);
    render(
      <ThemedProviders>
        <Motion />
      </ThemedProviders>,
    );
    expect(screen.getByRole('status').textContent).toBe('animated');
    await act(async () => preference.set(true));
    expect(screen.getByRole('status').textContent).toBe('still');
    await act(async () => preference.set(false));
    expect(screen.getByRole('status').textContent).toBe('animated');
  });
});
