import { type Lang, validationMessage } from '../errors/catalogue';
import { t } from '../kit/bilingual';
import { RECOMMEND_SEARCH_OBJECTS_MAX, RECOMMEND_SEARCH_OBJECTS_MAX_OLDER } from './constants';
import type { DeploymentConfig } from './schema';

// Run-time settings: what staff change on /configManage/config_manage without a restart. Each is declared
// once here (key, kind, default, validation, bilingual label, section); the server validates and stores them,
// the console builds its screen from the same list. A setting left empty takes its default. Operator-only
// settings (addresses, secrets, hard upload bounds) stay in the deployment file: an upload limit here can only
// lower the deployment's.

type Bilingual = { en: string; zh: string };

export type SettingKind = 'text' | 'bilingual' | 'integer' | 'boolean' | 'email' | 'select';

/** The upload bound of the deployment file an integer setting may not exceed (in KiB). */
export type UploadBound = 'imageMaxBytes' | 'videoMaxBytes' | 'fileMaxBytes';

export type SettingDef = {
  key: string;
  kind: SettingKind;
  section: string;
  label: Bilingual;
  help?: Bilingual;
  /** The value in force while none is stored (null: none, or the deployment's own value). */
  default: SettingValue;
  maxLength?: number;
  min?: number;
  max?: number;
  /** An integer in KiB bounded by the deployment's upload limit of that kind. */
  uploadBound?: UploadBound;
  options?: readonly { value: string; label: Bilingual }[];
  /** An integer naming a record of this entity (the console offers the records to pick from). */
  relation?: string;
};

export type SettingValue = string | number | boolean | Bilingual | null;

export const SETTING_SECTIONS: readonly { key: string; label: Bilingual }[] = [
  { key: 'site', label: t('Site', '站点') },
  { key: 'membership', label: t('Membership and points', '会员与积分') },
  { key: 'mail', label: t('Mail', '邮件') },
  { key: 'uploads', label: t('Uploads', '上传') },
  { key: 'search', label: t('Search', '搜索') },
];

export const SETTINGS: readonly SettingDef[] = [
  {
    key: 'site.name',
    kind: 'bilingual',
    section: 'site',
    label: t('Site name', '站点名称'),
    help: t('Empty: the deployment’s title', '留空：使用部署配置中的标题'),
    default: null,
    maxLength: 100,
  },
  {
    key: 'site.contact',
    kind: 'bilingual',
    section: 'site',
    label: t('Contact details', '联系方式'),
    default: null,
    maxLength: 300,
  },
  {
    key: 'site.contactEmail',
    kind: 'email',
    section: 'site',
    label: t('Contact email', '联系邮箱'),
    default: null,
    maxLength: 200,
  },
  {
    key: 'site.contactPhone',
    kind: 'text',
    section: 'site',
    label: t('Contact phone', '联系电话'),
    default: null,
    maxLength: 50,
  },
  {
    key: 'membership.defaultPackageId',
    kind: 'integer',
    section: 'membership',
    label: t('Default membership package', '默认会员套餐'),
    default: null,
    relation: 'vip_package',
    min: 1,
    max: 2_147_483_647,
  },
  {
    key: 'points.expiryDays',
    kind: 'integer',
    section: 'membership',
    label: t('Point expiry (days)', '积分有效期（天）'),
    default: 365,
    min: 1,
    max: 3650,
  },
  {
    key: 'points.expiryRule',
    kind: 'select',
    section: 'membership',
    label: t('Points expire', '积分过期方式'),
    default: 'rolling',
    options: [
      { value: 'rolling', label: t('Days after they were earned', '获得后按天数过期') },
      { value: 'yearEnd', label: t('At the end of the year', '年底统一过期') },
    ],
  },
  {
    key: 'mail.senderName',
    kind: 'text',
    section: 'mail',
    label: t('Mail sender name', '发件人名称'),
    default: null,
    maxLength: 100,
  },
  {
    key: 'mail.senderAddress',
    kind: 'email',
    section: 'mail',
    label: t('Mail sender address', '发件人地址'),
    default: null,
    maxLength: 200,
  },
  {
    key: 'mail.purchaseRequirementMail',
    kind: 'boolean',
    section: 'mail',
    label: t('Mail suppliers about new purchase requirements', '新采购需求邮件通知供应商'),
    default: true,
  },
  {
    key: 'uploads.imageMaxKb',
    kind: 'integer',
    section: 'uploads',
    label: t('Image upload limit (KB)', '图片上传上限（KB）'),
    help: t('Empty: the deployment’s limit', '留空：使用部署配置的上限'),
    default: null,
    min: 1,
    uploadBound: 'imageMaxBytes',
  },
  {
    key: 'uploads.videoMaxKb',
    kind: 'integer',
    section: 'uploads',
    label: t('Video upload limit (KB)', '视频上传上限（KB）'),
    help: t('Empty: the deployment’s limit', '留空：使用部署配置的上限'),
    default: null,
    min: 1,
    uploadBound: 'videoMaxBytes',
  },
  {
    key: 'uploads.fileMaxKb',
    kind: 'integer',
    section: 'uploads',
    label: t('File upload limit (KB)', '文件上传上限（KB）'),
    help: t('Empty: the deployment’s limit', '留空：使用部署配置的上限'),
    default: null,
    min: 1,
    uploadBound: 'fileMaxBytes',
  },
  {
    // three by default; deployments that kept the older five set it here
    key: 'search.recommendMaxObjects',
    kind: 'integer',
    section: 'search',
    label: t('Advertising objects per recommended search', '每个推荐搜索的推荐广告数'),
    help: t('At most 5', '最多 5 个'),
    default: RECOMMEND_SEARCH_OBJECTS_MAX,
    min: 1,
    max: RECOMMEND_SEARCH_OBJECTS_MAX_OLDER,
  },
];

export const SETTINGS_BY_KEY: ReadonlyMap<string, SettingDef> = new Map(SETTINGS.map((s) => [s.key, s]));

/** The highest value an integer setting accepts in this deployment. */
export function settingMax(def: SettingDef, uploads?: DeploymentConfig['uploads']): number | undefined {
  if (def.uploadBound && uploads) return Math.floor(uploads[def.uploadBound] / 1024);
  return def.max;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value as Record<string, unknown>).every((v) => typeof v !== 'string' || v.trim() === ''));

/**
 * Checks a value for a setting: the stored form (trimmed text, `{ en, zh }`, a whole number…) or, for an
 * empty value, null (the setting goes back to its default). A refusal is the message in the language asked,
 * prefixed with the setting's label.
 */
export function checkSettingValue(
  def: SettingDef,
  value: unknown,
  lang: Lang,
  uploads?: DeploymentConfig['uploads'],
): { ok: true; value: SettingValue } | { ok: false; message: string } {
  const fail = (message: string) => ({
    ok: false as const,
    message: `${def.label[lang]}${lang === 'zh' ? '：' : ': '}${message}`,
  });
  if (isEmpty(value)) return { ok: true, value: null };
  const textOf = (v: unknown): string | undefined => (typeof v === 'string' ? v.trim() : undefined);
  switch (def.kind) {
    case 'text':
    case 'email': {
      const text = textOf(value);
      if (text === undefined)
        return fail(validationMessage('wrongType', lang, { expected: lang === 'zh' ? '文本' : 'text' }));
      if (def.maxLength && text.length > def.maxLength)
        return fail(validationMessage('tooLong', lang, { max: def.maxLength }));
      if (def.kind === 'email' && !EMAIL.test(text))
        return fail(
          validationMessage('badFormat', lang, { format: lang === 'zh' ? '邮箱' : 'email address' }),
        );
      return { ok: true, value: text };
    }
    case 'bilingual': {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return fail(
          validationMessage('wrongType', lang, {
            expected: lang === 'zh' ? '中英文文本' : 'English and Chinese text',
          }),
        );
      const raw = value as Record<string, unknown>;
      if (Object.keys(raw).some((k) => k !== 'en' && k !== 'zh'))
        return fail(validationMessage('unknownField', lang));
      const out: Bilingual = { en: '', zh: '' };
      for (const l of ['en', 'zh'] as const) {
        const v = raw[l] ?? '';
        const text = textOf(v);
        if (text === undefined)
          return fail(validationMessage('wrongType', lang, { expected: lang === 'zh' ? '文本' : 'text' }));
        if (def.maxLength && text.length > def.maxLength)
          return fail(validationMessage('tooLong', lang, { max: def.maxLength }));
        out[l] = text;
      }
      return { ok: true, value: out };
    }
    case 'integer': {
      const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n)) return fail(validationMessage('notInteger', lang));
      if (def.min !== undefined && n < def.min)
        return fail(validationMessage('tooSmall', lang, { min: def.min }));
      const max = settingMax(def, uploads);
      if (max !== undefined && n > max) return fail(validationMessage('tooBig', lang, { max }));
      return { ok: true, value: n };
    }
    case 'boolean':
      if (typeof value !== 'boolean')
        return fail(
          validationMessage('wrongType', lang, { expected: lang === 'zh' ? '布尔值' : 'true or false' }),
        );
      return { ok: true, value };
    case 'select': {
      const values = (def.options ?? []).map((o) => o.value);
      if (typeof value !== 'string' || !values.includes(value))
        return fail(validationMessage('notOption', lang, { values: values.join(', ') }));
      return { ok: true, value };
    }
  }
}
