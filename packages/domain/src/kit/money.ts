import type { Lang } from '../errors';

// Money fields (a membership package's price) are amounts in one currency. The deployment configuration names
// no currency, and the marketplace bills its Chinese suppliers in renminbi: CNY, shown as ¥.

export const MONEY_CURRENCY = 'CNY';
export const MONEY_SYMBOL = '¥';
/** The currency beside a money field's label or column header. */
export const moneyCurrencyName: Record<Lang, string> = { en: 'CNY', zh: '人民币' };

/**
 * Formatters are made on first use: a number format loads the locale's data from ICU, several MB of memory that
 * a server which never formats money (or a console screen without a price) does not need.
 */
const formats: Partial<Record<Lang, Intl.NumberFormat>> = {};
const formatOf = (lang: Lang): Intl.NumberFormat =>
  (formats[lang] ??= new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-US', {
    style: 'currency',
    currency: MONEY_CURRENCY,
    currencyDisplay: 'narrowSymbol',
  }));

/** An amount with its currency: "¥1,280.00". */
export const formatMoney = (value: number, lang: Lang): string => formatOf(lang).format(value);

/** A money column's header: "Price (CNY)", "价格（人民币）". */
export const moneyHeader = (label: string, lang: Lang): string =>
  lang === 'zh' ? `${label}（${moneyCurrencyName.zh}）` : `${label} (${moneyCurrencyName.en})`;
