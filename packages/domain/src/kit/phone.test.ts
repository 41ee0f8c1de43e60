import { describe, expect, it } from 'vitest';
import { company } from '../entities/company';
import { customerService } from '../entities/customer-service';
import { entities } from '../entities/index';
import { userManager } from '../entities/user-manager';
import { isValidMobile } from './phone';
import { validateCreate, validateUpdate } from './validate';

describe('the mobile number rule', () => {
  it('takes mainland numbers everywhere, international ones outside China, never a short number', () => {
    expect(isValidMobile('13800000000')).toBe(true);
    expect(isValidMobile('+86 138 0000 0000', 'CN')).toBe(true);
    expect(isValidMobile('+44 7700 900123', 'GB')).toBe(true);
    expect(isValidMobile('+44 7700 900123')).toBe(true);
    expect(isValidMobile('+44 7700 900123', 'CN')).toBe(false);
    expect(isValidMobile('12345800000', '中国')).toBe(false);
    expect(isValidMobile('12345')).toBe(false);
    expect(isValidMobile('12345', 'US')).toBe(false);
    expect(isValidMobile('138-0000-abcd')).toBe(false);
  });

  it('is the rule of every mobile field of the registry', () => {
    const mobiles = Object.values(entities).flatMap((def) =>
      Object.entries(def.fields)
        .filter(([name]) => name === 'mobile')
        .map(([, field]) => ({ def: def.name, format: field.kind === 'text' ? field.format : field.kind })),
    );
    expect(mobiles.length).toBeGreaterThanOrEqual(3);
    for (const m of mobiles) expect(m, m.def).toMatchObject({ format: 'mobile' });
  });

  it('refuses "12345" on the company, the user and the customer-service contact alike', () => {
    for (const def of [company, userManager, customerService]) {
      const result = validateUpdate(def, { version: 1, mobile: '12345' });
      expect(result.ok, def.name).toBe(false);
      if (!result.ok) expect(result.issues.map((i) => i.path)).toContain('mobile');
    }
  });

  it('asks a mainland number where the country is China, in both languages', () => {
    const result = validateUpdate(company, { version: 1, countryCode: 'CN', mobile: '+44 7700 900123' });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues.find((i) => i.path === 'mobile')?.message).toEqual({
        en: 'Mobile must be a mainland China mobile number (11 digits starting with 13–19), e.g. 13800000000',
        zh: '手机必须是中国大陆手机号码（以 13–19 开头的 11 位数字），例如 13800000000',
      });
    const user = validateCreate(userManager, {
      account: 'mobile_rule',
      password: 'Secret12345',
      country: 'GB',
      mobile: '+44 7700 900123',
    });
    expect(user.ok, JSON.stringify(user)).toBe(true);
  });
});
