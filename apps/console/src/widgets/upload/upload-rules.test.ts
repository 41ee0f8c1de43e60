import { describe, expect, it } from 'vitest';
import { acceptOf, checkFile, effectiveRule, exceedsCount, typeNames } from './upload-rules';

const rule = { maxCount: 1, maxBytes: 2 * 1024 * 1024, types: ['image/png', 'image/jpeg'] };

describe('upload rules', () => {
  it('refuse a batch that takes the field past its count', () => {
    expect(exceedsCount({ current: 0, chosen: 1, maxCount: 1 })).toBe(false);
    expect(exceedsCount({ current: 1, chosen: 1, maxCount: 1 })).toBe(true);
    expect(exceedsCount({ current: 7, chosen: 3, maxCount: 9 })).toBe(true);
  });

  it('check type first, then size', () => {
    expect(checkFile({ name: 'a.png', size: 10, type: 'image/png' }, rule)).toBeNull();
    expect(checkFile({ name: 'a.jpg', size: 10, type: 'image/jpg' }, rule)).toBeNull();
    expect(checkFile({ name: 'a.gif', size: 10, type: 'image/gif' }, rule)?.reason).toBe('badType');
    expect(checkFile({ name: 'big.png', size: rule.maxBytes + 1, type: 'image/png' }, rule)?.reason).toBe(
      'tooLarge',
    );
  });

  it('take the stricter of the field and the deployment', () => {
    const merged = effectiveRule(rule, { maxBytes: 1024, types: ['image/png', 'image/webp'] });
    expect(merged).toMatchObject({ maxBytes: 1024, types: ['image/png'] });
  });

  it('name types for people and for the file picker', () => {
    expect(typeNames(['image/png', 'image/jpeg', 'image/jpg'])).toBe('PNG, JPG');
    expect(acceptOf(['image/png', 'video/mp4'])).toBe('image/png,.png,video/mp4,.mp4');
  });
});
