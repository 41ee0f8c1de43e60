import { z } from 'zod';
import {
  DEFAULT_SIZE,
  DEFAULT_STATISTICS_TIME_ZONE,
  DEFAULT_THEME_COLOR,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  MB,
  SIZES,
  VIDEO_MAX_BYTES,
  VIDEO_TYPES,
} from './constants';

// The deployment file (CONFIG_FILE). Every key has a default, so an empty file (or none) is a valid deployment.

const bilingual = z.object({ en: z.string().min(1), zh: z.string().min(1) });

/** Labels a site variant overrides, per language, by message key (e.g. `entity.company.label`: "Shop"). */
const siteTexts = z.object({
  en: z.record(z.string(), z.string()).default({}),
  zh: z.record(z.string(), z.string()).default({}),
});

const siteVariant = z.object({
  /** API base address the console uses for this variant; empty = same origin. */
  apiBase: z.string().default(''),
  title: bilingual,
  texts: siteTexts.default({ en: {}, zh: {} }),
});

const fieldPolicy = z.object({
  hidden: z.array(z.string()).default([]),
  required: z.array(z.string()).default([]),
  readOnly: z.array(z.string()).default([]),
});

export const defaultVariants = {
  '1': { apiBase: '', title: { en: 'Organiser Console', zh: '主办方管理后台' }, texts: { en: {}, zh: {} } },
  '2': {
    apiBase: '',
    title: { en: 'Organiser Console', zh: '主办方管理后台' },
    texts: { en: { 'term.company': 'Shop' }, zh: { 'term.company': '店铺' } },
  },
  '3': {
    apiBase: '',
    title: { en: 'Exhibition Sourcing Console', zh: '展会采购管理后台' },
    texts: { en: {}, zh: {} },
  },
};

/** Whether the runtime knows the IANA time zone. */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const deploymentConfigSchema = z
  .object({
    site: z
      .object({
        /** The site variant (language code 1, 2 or 3) picks the API base and the text set. */
        variant: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
        variants: z
          .object({ '1': siteVariant, '2': siteVariant, '3': siteVariant })
          .partial()
          .default(defaultVariants),
      })
      .strict()
      .default({ variant: 1, variants: defaultVariants }),
    /** Per entity, which fields are hidden, required or read-only in this deployment. */
    fieldPolicy: z.record(z.string(), fieldPolicy).default({}),
    /** Menu entries hidden by name (route name or title). */
    hiddenMenus: z.array(z.string()).default([]),
    ui: z
      .object({
        themeColor: z
          .string()
          .regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #1890ff')
          .default(DEFAULT_THEME_COLOR),
        tagsView: z.boolean().default(true),
        fixedHeader: z.boolean().default(true),
        sidebarLogo: z.boolean().default(false),
        pinyinSearch: z.boolean().default(true),
        size: z.enum(SIZES).default(DEFAULT_SIZE),
        darkMode: z.boolean().default(false),
      })
      .strict()
      .default({
        themeColor: DEFAULT_THEME_COLOR,
        tagsView: true,
        fixedHeader: true,
        sidebarLogo: false,
        pinyinSearch: true,
        size: DEFAULT_SIZE,
        darkMode: false,
      }),
    uploads: z
      .object({
        imageMaxBytes: z.number().int().positive().default(IMAGE_MAX_BYTES),
        videoMaxBytes: z.number().int().positive().default(VIDEO_MAX_BYTES),
        fileMaxBytes: z
          .number()
          .int()
          .positive()
          .default(20 * MB),
        imageTypes: z.array(z.string()).default([...IMAGE_TYPES]),
        videoTypes: z.array(z.string()).default([...VIDEO_TYPES]),
        fileTypes: z
          .array(z.string())
          .default([
            'application/pdf',
            'application/zip',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            'text/csv',
          ]),
      })
      .strict()
      .default({
        imageMaxBytes: IMAGE_MAX_BYTES,
        videoMaxBytes: VIDEO_MAX_BYTES,
        fileMaxBytes: 20 * MB,
        imageTypes: [...IMAGE_TYPES],
        videoTypes: [...VIDEO_TYPES],
        fileTypes: [
          'application/pdf',
          'application/zip',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'text/csv',
        ],
      }),
    session: z
      .object({
        idleMinutes: z.number().int().positive().default(120),
        absoluteHours: z
          .number()
          .int()
          .positive()
          .default(24 * 7),
        /** A new login of the same account replaces its other sessions (they then answer 50012). */
        singleSession: z.boolean().default(false),
      })
      .strict()
      .default({ idleMinutes: 120, absoluteHours: 24 * 7, singleSession: false }),
    login: z
      .object({
        maxFailures: z.number().int().positive().default(5),
        lockMinutes: z.number().int().positive().default(15),
        /** SMS code as a second factor after account + password + captcha. */
        smsSecondFactor: z.boolean().default(false),
        captchaTtlSeconds: z.number().int().positive().default(300),
        passwordMinLength: z.number().int().min(6).default(8),
      })
      .strict()
      .default({
        maxFailures: 5,
        lockMinutes: 15,
        smsSecondFactor: false,
        captchaTtlSeconds: 300,
        passwordMinLength: 8,
      }),
    /** Requests per minute. The global limit counts every API call of one address; login and captcha have
     * their own stricter limits (per address, and login also per account). */
    rateLimit: z
      .object({
        globalPerMinute: z.number().int().positive().default(1000),
        loginPerMinute: z.number().int().positive().default(20),
        loginPerAccountPerMinute: z.number().int().positive().default(10),
        captchaPerMinute: z.number().int().positive().default(30),
        /** Calls per second of one marketplace API key (/api/open/v1), whichever node answers them. */
        openPerSecond: z.number().int().positive().default(50),
      })
      .strict()
      .default({
        globalPerMinute: 1000,
        loginPerMinute: 20,
        loginPerAccountPerMinute: 10,
        captchaPerMinute: 30,
        openPerSecond: 50,
      }),
    statistics: z
      .object({
        /** The IANA time zone whose calendar days the statistics count in (a change needs the rollups rebuilt:
         * docs/operations.md). */
        timeZone: z
          .string()
          .refine(isTimeZone, 'an IANA time zone such as Asia/Shanghai')
          .default(DEFAULT_STATISTICS_TIME_ZONE),
        /** When the behaviour events move the counters, the rollups, the collect state and the points: `inline`
         * in the transaction that stores them (read at once after the call), or `queued`: the call stores the
         * events and queues them, and one node at a time projects the queue in large batches a moment later
         * (far more events a second; docs/operations.md). */
        projection: z.enum(['inline', 'queued']).default('inline'),
      })
      .strict()
      .default({ timeZone: DEFAULT_STATISTICS_TIME_ZONE, projection: 'inline' }),
    /** Who reads the OpenAPI document and Swagger UI (/api/openapi.json, /api/docs): anyone, or signed-in
     * organiser staff only. Unset: staff when NODE_ENV=production, anyone otherwise. */
    apiDocs: z.enum(['public', 'staff']).optional(),
  })
  .strict();

export type DeploymentConfig = z.infer<typeof deploymentConfigSchema>;
export type FieldPolicy = z.infer<typeof fieldPolicy>;

/** What `GET /api/config` serves to the console (no secrets, no operational settings). */
export type PublicConfig = {
  site: {
    variant: 1 | 2 | 3;
    apiBase: string;
    title: { en: string; zh: string };
    texts: { en: Record<string, string>; zh: Record<string, string> };
  };
  fieldPolicy: Record<string, FieldPolicy>;
  hiddenMenus: string[];
  ui: DeploymentConfig['ui'];
  uploads: DeploymentConfig['uploads'];
  login: { smsSecondFactor: boolean; passwordMinLength: number };
};

export function toPublicConfig(config: DeploymentConfig): PublicConfig {
  const v = String(config.site.variant) as '1' | '2' | '3';
  const variant = config.site.variants[v] ?? defaultVariants[v];
  return {
    site: {
      variant: config.site.variant,
      apiBase: variant.apiBase,
      title: variant.title,
      texts: { en: variant.texts?.en ?? {}, zh: variant.texts?.zh ?? {} },
    },
    fieldPolicy: config.fieldPolicy,
    hiddenMenus: config.hiddenMenus,
    ui: config.ui,
    uploads: config.uploads,
    login: {
      smsSecondFactor: config.login.smsSecondFactor,
      passwordMinLength: config.login.passwordMinLength,
    },
  };
}
