import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/i18n';
import { Select } from './select-clear';

// The select library names a select's clear button "Clear" in every language; the console's Select names it in
// the reader's language, so a screen reader in the Chinese console does not read English.

afterEach(async () => {
  await changeLanguage('en');
});

const clearLabel = (container: HTMLElement) =>
  container.querySelector('.ant-select-clear')?.getAttribute('aria-label');

describe('Select', () => {
  it('names its clear button in the reader’s language', async () => {
    const options = [{ value: 'a', label: 'A' }];
    await changeLanguage('zh');
    const zh = render(<Select value="a" options={options} allowClear />);
    expect(clearLabel(zh.container)).toBe('清除');
    zh.unmount();
    await changeLanguage('en');
    const en = render(<Select value="a" options={options} allowClear />);
    expect(clearLabel(en.container)).toBe('Clear');
    en.unmount();
    // no clear button when not asked for
    const none = render(<Select value="a" options={options} />);
    expect(none.container.querySelector('.ant-select-clear')).toBeNull();
  });
});
