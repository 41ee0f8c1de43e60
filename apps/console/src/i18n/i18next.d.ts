import type { enMessages } from '@organiser/domain';

// Typed message keys: `t('login.account')` is checked against the English catalogue at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enMessages };
  }
}
