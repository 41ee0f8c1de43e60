import { describe, expect, it } from 'vitest';
import { buildTheme } from './theme';

describe('the antd theme', () => {
  it("keeps antd's motion unless the system asks for less", () => {
    const base = { themeColor: '#1890ff', isDark: false, size: 'medium' as const };
    expect(buildTheme(base).token?.motion).toBe(true);
    expect(buildTheme({ ...base, reducedMotion: false }).token?.motion).toBe(true);
    expect(buildTheme({ ...base, reducedMotion: true }).token?.motion).toBe(false);
  });
});
