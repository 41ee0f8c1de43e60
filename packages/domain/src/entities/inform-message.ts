import { type Bilingual, defineEntity, enableStatus, t } from '../kit';

/** The system events a notification template is for, each with the placeholders its texts may name
 * (`{companyName}`), in the order the form's help lists them. */
export const INFORM_EVENTS = [
  {
    value: 'companyPassed',
    label: t('A company passed the audit', '企业审核通过'),
    placeholders: ['companyName'],
  },
  {
    value: 'companyRefused',
    label: t('A company was refused', '企业审核被拒'),
    placeholders: ['companyName', 'reason'],
  },
  {
    value: 'productRefused',
    label: t('A product was refused', '产品审核被拒'),
    placeholders: ['companyName', 'productName', 'reason'],
  },
  {
    value: 'consultReceived',
    label: t('A consult was received', '收到咨询'),
    placeholders: ['companyName', 'productName', 'buyerName', 'content'],
  },
  {
    value: 'requirementMatched',
    label: t('A purchase requirement matched', '采购需求匹配'),
    placeholders: ['companyName', 'requirementTitle', 'requirementNo', 'endTime'],
  },
] as const satisfies readonly { value: string; label: Bilingual; placeholders: readonly string[] }[];

export type InformEvent = (typeof INFORM_EVENTS)[number]['value'];

/** The placeholders of one event. */
export const informPlaceholders = (event: string): readonly string[] =>
  INFORM_EVENTS.find((e) => e.value === event)?.placeholders ?? [];

/** The texts of a template whose placeholders are checked against its event's. */
export const INFORM_TEXT_FIELDS = ['enTitle', 'zhTitle', 'enBody', 'zhBody'] as const;

/** The longest body a notification template keeps (plain text). */
export const INFORM_BODY_MAX = 2000;

const placeholderHelp = INFORM_EVENTS.map(
  (e) => `${e.label.en}: ${e.placeholders.map((p) => `{${p}}`).join(' ')}`,
);
const placeholderHelpZh = INFORM_EVENTS.map(
  (e) => `${e.label.zh}：${e.placeholders.map((p) => `{${p}}`).join(' ')}`,
);

/**
 * /site_message/inform_message_list: the template of the notification the system sends on one event (a company
 * passed or refused, a product refused, a consult received, a purchase requirement matched), with its title and
 * body in both languages. A text may name only its event's placeholders. One template of each event is in use
 * (`inUse`, moved by choosing another); while it is enabled it is delivered to the company's inbox when the
 * event happens, and also mailed when `sendMail` is on.
 */
export const informMessage = defineEntity({
  name: 'inform_message',
  labels: {
    singular: t('Notification template', '通知模板'),
    plural: t('Notification templates', '通知模板'),
  },
  permission: { menu: '/site_message/inform_message_list' },
  // what the server modules and the console add to this definition (listed, so it is found from here)
  behaviour: {
    // checkPlaceholders: each text names only its event's placeholders
    hooks: { letters: ['beforeWrite: checkPlaceholders'] },
  },
  defaultColumns: ['event', 'title', 'sendMail', 'inUse', 'status'],
  fields: {
    event: {
      kind: 'enum',
      label: t('Event', '触发事件'),
      options: INFORM_EVENTS.map(({ value, label }) => ({ value, label })),
      required: true,
      list: { filter: 'in', width: 200 },
      form: {
        help: t(
          `Placeholders — ${placeholderHelp.join('; ')}`,
          `可用占位符 — ${placeholderHelpZh.join('；')}`,
        ),
      },
    },
    title: { kind: 'bilingual', label: t('Title', '标题'), required: 'both', maxLength: 200 },
    enBody: {
      kind: 'longText',
      label: t('Body (English)', '内容（英文）'),
      required: true,
      maxLength: INFORM_BODY_MAX,
    },
    zhBody: {
      kind: 'longText',
      label: t('Body (Chinese)', '内容（中文）'),
      required: true,
      maxLength: INFORM_BODY_MAX,
    },
    sendMail: {
      kind: 'boolean',
      label: t('Also send by mail', '同时发送邮件'),
      default: false,
      list: { filter: 'eq', width: 120 },
    },
    inUse: {
      kind: 'boolean',
      label: t('In use', '当前使用'),
      exclusive: { per: 'event' },
      list: { filter: 'eq', width: 100 },
      form: {
        help: t(
          'The template its event sends: one per event; choosing another moves it there',
          '事件发送时使用的模板：每个事件一个，设为当前使用时自动切换',
        ),
      },
    },
    status: enableStatus(),
  },
  search: ['title'],
  defaultSort: { field: 'createdAt', order: 'asc' },
  softDelete: true,
  labelField: 'title',
});
