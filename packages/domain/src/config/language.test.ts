import { describe, expect, it } from 'vitest';
import { detectLanguage } from './constants';

describe('language choice', () => {
  it('takes the stored choice, else the browser language, else English', () => {
    expect(detectLanguage('zh', ['en-US'])).toBe('zh');
    expect(detectLanguage(undefined, ['zh-CN', 'en'])).toBe('zh');
    expect(detectLanguage(null, ['fr-FR', 'en-GB'])).toBe('en');
    expect(detectLanguage('fr', ['de-DE'])).toBe('en');
    expect(detectLanguage(undefined, [])).toBe('en');
  });

  it('reads an Accept-Language header split at its commas', () => {
    expect(detectLanguage(null, 'fr-FR, zh-CN;q=0.8, en;q=0.5'.split(','))).toBe('zh');
    expect(detectLanguage('', ' EN-gb,zh'.split(','))).toBe('en');
  });
});
