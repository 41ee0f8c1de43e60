import { describe, expect, it } from 'vitest';
import { catalogueDifferences, flattenMessages, messages, placeholdersOf } from './index';

describe('message catalogues', () => {
  it('have the same keys in English and Chinese', () => {
    expect(catalogueDifferences(messages.en, messages.zh)).toEqual({ onlyInA: [], onlyInB: [] });
  });

  it('report a key that exists in one language only', () => {
    const diff = catalogueDifferences({ a: { b: 'x', c: 'y' } }, { a: { b: 'x' }, d: 'z' });
    expect(diff).toEqual({ onlyInA: ['a.c'], onlyInB: ['d'] });
  });

  it('have no empty message and the same placeholders in both languages', () => {
    const en = flattenMessages(messages.en);
    const zh = flattenMessages(messages.zh);
    for (const [key, text] of Object.entries(en)) {
      expect(text.trim(), key).not.toBe('');
      expect(zh[key]?.trim(), key).not.toBe('');
      expect(placeholdersOf(zh[key]!), key).toEqual(placeholdersOf(text));
    }
  });

  it('keep the product wording in English', () => {
    const en = flattenMessages(messages.en);
    expect(en['session.logoutTitle']).toBe('Confirm logout');
    expect(en['session.logoutContent']).toBe(
      'You have been logged out, you can cancel to stay on this page, or log in again',
    );
    expect(en['session.reLogin']).toBe('Re-Login');
    expect(en['navbar.screenfullUnsupported']).toBe('you browser can not work');
    expect(en['navbar.switchSizeSuccess']).toBe('Switch Size Success');
    expect(en['navbar.switchLanguageSuccess']).toBe('Switch Language Success');
    expect(en['guard.hasError']).toBe('Has Error');
    expect(en['guard.verificationFailed']).toBe('Verification failed, please Login again.');
    expect(en['upload.limitExceed']).toBe('the current limit is exceeded');
  });
});
