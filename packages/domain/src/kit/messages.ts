import { formatMessage, type Lang } from '../errors';
import type { Bilingual } from '../navigation/types';

// Validation messages of entity fields, in both languages. `{label}` is the field's label in the same
// language; the other placeholders come from the constraint.

export const kitMessages = {
  required: { en: '{label} is required', zh: '请填写{label}' },
  requiredChoice: { en: 'Please choose {label}', zh: '请选择{label}' },
  requiredUpload: { en: 'Please upload {label}', zh: '请上传{label}' },
  disabledChoice: {
    en: '{label}: "{value}" is disabled and cannot be chosen',
    zh: '{label}：“{value}”已停用，不能选择',
  },
  dictValue: {
    en: '{label}: "{value}" is not an enabled value of its dictionary',
    zh: '{label}：“{value}”不是字典中已启用的值',
  },
  dictDuplicate: {
    en: '{label} "{value}" is already used in this dictionary',
    zh: '{label}“{value}”在该字典中已存在',
  },
  dynamicUnknownCode: {
    en: '"{code}" is not an input of the form group {group}',
    zh: '“{code}”不是表单分组 {group} 中的输入项',
  },
  dynamicUnknownGroup: {
    en: '{label}: "{value}" is not an enabled form group',
    zh: '{label}：“{value}”不是已启用的表单分组',
  },
  dynamicCodeReserved: {
    en: '{label} "{value}" is a reserved name: choose another',
    zh: '{label}“{value}”是保留名称，请换一个',
  },
  dynamicCodeDuplicate: {
    en: '{label} "{value}" is already used in this form group',
    zh: '{label}“{value}”在该表单分组中已存在',
  },
  dynamicOptionsInvalid: {
    en: '{label}: each option needs a value (letters, digits, _ . -) and both labels, values unique',
    zh: '{label}：每个选项都需要值（字母、数字、_ . -）和中英文名称，且值不能重复',
  },
  tooShort: { en: '{label} needs at least {min} characters', zh: '{label}至少需要 {min} 个字符' },
  tooLong: { en: '{label} allows at most {max} characters', zh: '{label}最多 {max} 个字符' },
  tooSmall: { en: '{label} must be at least {min}', zh: '{label}不能小于 {min}' },
  tooLarge: { en: '{label} must be at most {max}', zh: '{label}不能大于 {max}' },
  tooFewItems: { en: '{label} needs at least {min} items', zh: '{label}至少需要 {min} 项' },
  tooManyItems: { en: '{label} allows at most {max} items', zh: '{label}最多 {max} 项' },
  tooManyFiles: {
    en: '{label}: the current limit is exceeded (at most {max} files)',
    zh: '{label}：已超出当前限额（最多 {max} 个文件）',
  },
  notText: { en: '{label} must be text', zh: '{label}必须是文本' },
  notNumber: { en: '{label} must be a number', zh: '{label}必须是数字' },
  notInteger: { en: '{label} must be a whole number', zh: '{label}必须是整数' },
  tooManyDecimals: { en: '{label} allows at most {scale} decimals', zh: '{label}最多 {scale} 位小数' },
  notBoolean: { en: '{label} must be yes or no', zh: '{label}必须为是或否' },
  invalidOption: { en: '{label} must be one of: {options}', zh: '{label}必须是以下之一：{options}' },
  invalidDate: { en: '{label} must be a date like 2024-05-31', zh: '{label}必须是日期，例如 2024-05-31' },
  invalidDatetime: {
    en: '{label} must be a date and time like 2024-05-31T09:30:00Z',
    zh: '{label}必须是日期时间，例如 2024-05-31T09:30:00Z',
  },
  invalidEmail: { en: '{label} must be an email address', zh: '{label}必须是邮箱地址' },
  invalidUrl: { en: '{label} must be a web address', zh: '{label}必须是网址' },
  invalidPhone: { en: '{label} must be a phone number', zh: '{label}必须是电话号码' },
  invalidMobile: {
    en: '{label} must be a mobile number, e.g. 13800000000 or +44 7700 900123',
    zh: '{label}必须是手机号码，例如 13800000000 或 +44 7700 900123',
  },
  invalidMainlandMobile: {
    en: '{label} must be a mainland China mobile number (11 digits starting with 13–19), e.g. 13800000000',
    zh: '{label}必须是中国大陆手机号码（以 13–19 开头的 11 位数字），例如 13800000000',
  },
  invalidFile: { en: '{label} must be an uploaded file', zh: '{label}必须是已上传的文件' },
  invalidReference: { en: '{label} must be chosen from the list', zh: '{label}必须从列表中选择' },
  missingReference: {
    en: '{label}: the chosen record does not exist',
    zh: '{label}：所选记录不存在',
  },
  treeCycle: {
    en: '{label} cannot be the record itself or one of its descendants',
    zh: '{label}不能是记录本身或其下级',
  },
  relationWhere: {
    en: '{label} must be a record whose {field} is {values}',
    zh: '{label}必须是{field}为{values}的记录',
  },
  notTopLevel: {
    en: '{label} must be a top-level one',
    zh: '{label}必须是一级',
  },
  notUnder: {
    en: '{label} must be one under the chosen {other}',
    zh: '{label}必须是所选{other}的下级',
  },
  treeTooDeep: {
    en: '{label}: categories have at most {max} levels',
    zh: '{label}：分类最多 {max} 级',
  },
  invalidValue: { en: '{label} is not valid', zh: '{label}无效' },
  weakPassword: {
    en: '{label} needs at least {min} characters, with letters and digits',
    zh: '{label}至少 {min} 位，且须同时包含字母和数字',
  },
  fileMissing: {
    en: '{label}: the file does not exist; upload it again',
    zh: '{label}：文件不存在，请重新上传',
  },
  fileWrongType: {
    en: '{label} must be a file of type {types}',
    zh: '{label}必须是以下类型的文件：{types}',
  },
  fileTooLarge: {
    en: '{label} allows files of at most {max} MB',
    zh: '{label}的文件不能超过 {max} MB',
  },
  notOwnFile: {
    en: '{label} must be a file uploaded by your company',
    zh: '{label}必须是本企业上传的文件',
  },
  notKeyFile: {
    en: '{label} must be a file uploaded with this API key (POST /api/open/v1/files)',
    zh: '{label}必须是使用本 API 密钥上传的文件（POST /api/open/v1/files）',
  },
  organiserOnly: {
    en: '{label} can only be changed by the organiser',
    zh: '{label}只能由平台修改',
  },
  notAccepted: { en: '{label} is not used on this site', zh: '本站点不使用{label}' },
  readOnly: { en: '{label} cannot be changed', zh: '{label}不可修改' },
  actionOnly: {
    en: '{label} is set only by its actions (such as the audit), not by saving the record',
    zh: '{label}只能通过相应操作（如审核）设置，不能在保存时修改',
  },
  unknownField: { en: 'Unknown field: {name}', zh: '未知字段：{name}' },
  versionRequired: {
    en: 'The record version is required to save changes',
    zh: '保存修改时需要提供记录版本',
  },
  duplicate: { en: '{label} already exists', zh: '{label}已存在' },
  bodyNotObject: { en: 'The request body must be an object', zh: '请求内容必须是对象' },
  /** The pair suffixes shown after a bilingual field's label. */
  pairEn: { en: '{label} (English)', zh: '{label}（英文）' },
  pairZh: { en: '{label} (Chinese)', zh: '{label}（中文）' },
  pairEither: {
    en: 'Enter {label} in English or Chinese',
    zh: '请至少填写{label}的英文或中文',
  },
  compareGt: { en: '{label} must be after {other}', zh: '{label}必须晚于{other}' },
  compareGte: { en: '{label} cannot be before {other}', zh: '{label}不能早于{other}' },
  compareLt: { en: '{label} must be before {other}', zh: '{label}必须早于{other}' },
  compareLte: { en: '{label} cannot be after {other}', zh: '{label}不能晚于{other}' },
  compareEq: { en: '{label} must equal {other}', zh: '{label}必须与{other}一致' },
  compareNe: { en: '{label} must differ from {other}', zh: '{label}不能与{other}相同' },
  actionDelete: { en: 'Delete', zh: '删除' },
  actionReorder: { en: 'Reorder', zh: '排序' },
  yes: { en: 'Yes', zh: '是' },
  no: { en: 'No', zh: '否' },
  exportForImport: { en: 'for import', zh: '导入用' },
  statusDisabled: { en: 'Disabled', zh: '已禁用' },
  visibilityColumn: { en: 'Status', zh: '状态' },
  importTemplate: { en: 'import template', zh: '导入模板' },
  importMissingHeader: {
    en: 'The file has no column for {label}',
    zh: '文件缺少“{label}”列',
  },
  rows: { en: '{count} rows', zh: '{count} 行' },
  columns: { en: '{count} columns', zh: '{count} 列' },
  unpackedSize: { en: '{size} once unpacked', zh: '解压后 {size}' },
  importUnknownId: { en: 'No record with id {id}', zh: '不存在 ID 为 {id} 的记录' },
  importDuplicateInFile: {
    en: '{label} repeats row {row} of this file',
    zh: '{label}与本文件第 {row} 行重复',
  },
  importAmbiguousReference: {
    en: '{label}: several records are called “{value}”; use the id',
    zh: '{label}：有多条记录名为“{value}”，请填写 ID',
  },
} as const satisfies Record<string, Bilingual>;

export type KitMessageKey = keyof typeof kitMessages;

/** A message in both languages, ready to show or to hand to the client. */
export function kitMessage(
  key: KitMessageKey,
  params: Record<string, string | number | Bilingual> = {},
): Bilingual {
  const out = { en: '', zh: '' };
  for (const lang of ['en', 'zh'] as const) out[lang] = fillMessage(kitMessages[key][lang], params, lang);
  return out;
}

/** Fills `{name}` placeholders; bilingual params are taken in the message's language. */
export function fillMessage(
  template: string,
  params: Record<string, string | number | Bilingual>,
  lang: Lang,
): string {
  const flat: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) flat[k] = typeof v === 'object' ? v[lang] : v;
  return formatMessage(template, flat);
}

/** Names of the resource permissions the engine's routes hang in the permission tree. */
export const resourceNames = {
  create: { en: 'Add {entity}', zh: '新增{entity}' },
  update: { en: 'Edit {entity}', zh: '编辑{entity}' },
  delete: { en: 'Delete {entity}', zh: '删除{entity}' },
  restore: { en: 'Restore {entity} from the trash', zh: '从回收站恢复{entity}' },
  purge: { en: 'Delete {entity} for good', zh: '彻底删除{entity}' },
  action: { en: '{entity}: {action}', zh: '{entity}：{action}' },
  batch: { en: '{entity}: {action} in bulk', zh: '{entity}：批量{action}' },
  import: { en: 'Import {entity}', zh: '导入{entity}' },
  revert: { en: 'Revert {entity} to an earlier version', zh: '将{entity}回滚到历史版本' },
} as const satisfies Record<string, Bilingual>;

export const resourceName = (
  key: keyof typeof resourceNames,
  params: Record<string, string | number | Bilingual>,
): Bilingual => ({
  en: fillMessage(resourceNames[key].en, params, 'en'),
  zh: fillMessage(resourceNames[key].zh, params, 'zh'),
});
