// The error catalogue: every refusal the API can answer, with its envelope code, HTTP status and the
// message in both languages. `{name}` placeholders are filled from the error's params.

export type Lang = 'en' | 'zh';

export type ErrorEntry = { code: number; status: number; en: string; zh: string };

export const SUCCESS_CODE = 20000;

export const errorCatalogue = {
  validation: { code: 40000, status: 400, en: 'Some fields are not valid', zh: '部分字段填写有误' },
  badParameter: {
    code: 40001,
    status: 400,
    en: 'Unknown or malformed parameter: {name}',
    zh: '参数未知或格式错误：{name}',
  },
  badRequest: { code: 40002, status: 400, en: 'The request is not valid', zh: '请求无效' },
  bodyNotObject: {
    code: 40004,
    status: 400,
    en: 'The request body must be a JSON object ({ … }); received a JSON {received}',
    zh: '请求体必须是 JSON 对象（{ … }），收到的是 JSON {received}',
  },
  multipartNoBoundary: {
    code: 40005,
    status: 400,
    en: 'The multipart form has no boundary: its Content-Type must be multipart/form-data; boundary=…',
    zh: '多部分表单缺少分隔符：Content-Type 须为 multipart/form-data; boundary=…',
  },
  nulCharacter: {
    code: 40006,
    status: 400,
    en: 'Text must not contain the NUL character (\\u0000): {name}',
    zh: '文本不能包含空字符（\\u0000）：{name}',
  },
  bodyTooDeep: {
    code: 40007,
    status: 400,
    en: 'The request body is nested more than {max} levels deep',
    zh: '请求体嵌套超过 {max} 层',
  },
  badPath: {
    code: 40008,
    status: 400,
    en: 'This address is not valid: {url}',
    zh: '地址无效：{url}',
  },
  captchaIncorrect: {
    code: 40010,
    status: 400,
    en: 'The verification code is incorrect',
    zh: '验证码不正确',
  },
  loginFailed: {
    code: 40011,
    status: 401,
    en: 'The account or password is incorrect',
    zh: '账号或密码不正确',
  },
  accountDisabled: {
    code: 40012,
    status: 403,
    en: 'This account has been disabled; please contact an administrator',
    zh: '该账号已被禁用，请联系管理员',
  },
  accountLocked: {
    code: 40013,
    status: 429,
    en: 'Too many failed attempts: this account is locked for {minutes} minutes',
    zh: '失败次数过多：该账号已锁定 {minutes} 分钟',
  },
  smsCodeRequired: {
    code: 40014,
    status: 400,
    en: 'Please enter the SMS code sent to your phone',
    zh: '请输入发送到手机的短信验证码',
  },
  smsCodeIncorrect: { code: 40015, status: 400, en: 'The SMS code is incorrect', zh: '短信验证码不正确' },
  passwordMismatch: {
    code: 40020,
    status: 400,
    en: 'The new password must match its repeat',
    zh: '两次输入的新密码不一致',
  },
  passwordWeak: {
    code: 40021,
    status: 400,
    en: 'The password needs at least {min} characters, with letters and digits',
    zh: '密码至少 {min} 位，且须同时包含字母和数字',
  },
  oldPasswordIncorrect: { code: 40022, status: 400, en: 'The old password is incorrect', zh: '原密码不正确' },
  sessionTimeout: {
    code: 401,
    status: 401,
    en: 'You have been logged out due to time-out, please log in again',
    zh: '由于长时间未操作，您已退出登录，请重新登录',
  },
  tokenInvalid: {
    code: 50008,
    status: 401,
    en: 'Illegal token, please log in again',
    zh: '登录凭证无效，请重新登录',
  },
  tokenReplaced: {
    code: 50012,
    status: 401,
    en: 'Your account has logged in elsewhere',
    zh: '您的账号已在其他地方登录',
  },
  tokenExpired: { code: 50014, status: 401, en: 'Your login has expired', zh: '登录已过期' },
  forbidden: {
    code: 40300,
    status: 403,
    en: 'You do not have permission to do this',
    zh: '您没有执行此操作的权限',
  },
  notFound: { code: 40400, status: 404, en: 'Not found', zh: '未找到' },
  routeNotFound: {
    code: 40401,
    status: 404,
    en: 'No such API: {method} {url}',
    zh: '接口不存在：{method} {url}',
  },
  conflict: {
    code: 40900,
    status: 409,
    en: 'The request conflicts with the current state',
    zh: '请求与当前状态冲突',
  },
  staleVersion: {
    code: 40901,
    status: 409,
    en: 'Someone else changed this record after you opened it; reload it and apply your change again',
    zh: '您打开后该记录已被他人修改，请刷新后重新修改',
  },
  transitionNotAllowed: {
    code: 40902,
    status: 409,
    en: 'This action is not allowed in the current status',
    zh: '当前状态下不允许此操作',
  },
  duplicate: { code: 40903, status: 409, en: '{field} already exists', zh: '{field}已存在' },
  inUse: {
    code: 40904,
    status: 409,
    en: 'This record is still used by {entity}; remove or change those first',
    zh: '该记录仍被{entity}使用，请先删除或修改它们',
  },
  builtInRecord: {
    code: 40906,
    status: 409,
    en: '“{label}” is built in: its {fields} cannot be changed',
    zh: '“{label}”为内置记录，不能修改其{fields}',
  },
  builtInRecordDelete: {
    code: 40907,
    status: 409,
    en: '“{label}” is built in: it cannot be deleted',
    zh: '“{label}”为内置记录，不能删除',
  },
  batchCountChanged: {
    code: 40905,
    status: 409,
    en: 'The records matching the filter changed: you saw {expected}, now {actual} match. Nothing was changed; check the list and run the action again',
    zh: '符合筛选条件的记录已变化：您看到 {expected} 条，现在有 {actual} 条。未做任何更改，请查看列表后重试。',
  },
  batchTooLarge: {
    code: 40003,
    status: 400,
    en: 'The filter matches more than {max} records; narrow it and run the action again',
    zh: '筛选结果超过 {max} 条，请缩小筛选范围后重试',
  },
  payloadTooLarge: {
    code: 41300,
    status: 413,
    en: 'The file is too large: at most {max}',
    zh: '文件过大：最大 {max}',
  },
  unsupportedType: {
    code: 41500,
    status: 400,
    en: 'This file type is not allowed; allowed: {allowed}',
    zh: '不支持该文件类型，允许：{allowed}',
  },
  unsupportedMediaType: {
    code: 41501,
    status: 415,
    en: 'This call takes {expected}, not {received}',
    zh: '此接口接受 {expected}，不接受 {received}',
  },
  tooManyRequests: {
    code: 42900,
    status: 429,
    en: 'Too many requests, please try again later',
    zh: '请求过于频繁，请稍后再试',
  },
  // The marketplace-facing API (/api/open/v1): its key, scope and idempotency key.
  apiKeyInvalid: {
    code: 40150,
    status: 401,
    en: 'The API key is missing, unknown, revoked or expired',
    zh: 'API 密钥缺失、无效、已吊销或已过期',
  },
  apiKeyScope: {
    code: 40350,
    status: 403,
    en: 'The API key does not have the scope {scope}',
    zh: 'API 密钥没有权限范围 {scope}',
  },
  idempotencyKeyMissing: {
    code: 40050,
    status: 400,
    en: 'A write needs an Idempotency-Key header (1 to 200 visible characters)',
    zh: '写操作需要 Idempotency-Key 请求头（1 到 200 个可见字符）',
  },
  idempotencyKeyReused: {
    code: 42250,
    status: 422,
    en: 'The Idempotency-Key {key} was already used with a different request',
    zh: 'Idempotency-Key {key} 已用于另一个不同的请求',
  },
  openNotFound: {
    code: 40450,
    status: 404,
    en: 'No {entityEn} with id {id}',
    zh: '不存在 ID 为 {id} 的{entityZh}',
  },
  // A monthly quota used up.
  limitExceed: { code: 42901, status: 429, en: 'the current limit is exceeded', zh: '已超出当前限额' },
  internal: { code: 50000, status: 500, en: 'Something went wrong on the server', zh: '服务器出错了' },
  unavailable: { code: 50300, status: 503, en: 'The service is not ready', zh: '服务尚未就绪' },
  // A database statement ran past STATEMENT_TIMEOUT_MS and was stopped.
  queryTimeout: {
    code: 50301,
    status: 503,
    en: 'The request took too long and was stopped; narrow the search (more filters, a longer keyword) and try again',
    zh: '请求耗时过长，已停止；请缩小查询范围（增加筛选条件或使用更长的关键词）后重试',
  },
  // Roles and permissions.
  roleReserved: {
    code: 40920,
    status: 409,
    en: 'The role {code} is reserved: it cannot be changed or deleted',
    zh: '角色 {code} 为保留角色，不能修改或删除',
  },
  grantNotHeld: {
    code: 40310,
    status: 403,
    en: 'You cannot grant the permission "{nameEn}": you do not hold it yourself',
    zh: '您不能授予权限“{nameZh}”：您本人没有该权限',
  },
  ownRole: {
    code: 40311,
    status: 403,
    en: 'You cannot change the role "{nameEn}": you hold it yourself',
    zh: '您不能修改角色“{nameZh}”：您本人拥有该角色',
  },
  accountProtected: {
    code: 40312,
    status: 403,
    en: 'You cannot change the account "{account}": it is a root account or holds permissions you do not hold',
    zh: '您不能修改账号“{account}”：该账号为超级管理员或拥有您没有的权限',
  },
  ownRoles: {
    code: 40313,
    status: 403,
    en: 'You cannot change your own roles',
    zh: '您不能修改自己的角色',
  },
  lastRoot: {
    code: 40921,
    status: 409,
    en: 'At least one enabled account must keep the root role; this change would leave none',
    zh: '至少需要保留一个拥有超级管理员（root）角色的启用账号，此操作会导致没有这样的账号',
  },
  builtInPermission: {
    code: 40922,
    status: 409,
    en: 'This permission is built in: its {fieldEn} cannot be changed',
    zh: '该权限为内置权限，不能修改其{fieldZh}',
  },
  permissionCycle: {
    code: 40924,
    status: 409,
    en: 'A permission cannot be placed under itself or one of its own children',
    zh: '权限不能放在其自身或其下级之下',
  },
  hasChildren: {
    code: 40925,
    status: 409,
    en: '“{label}” has {count} entries under it; delete or move them first',
    zh: '“{label}”下还有 {count} 个子项，请先删除或移走它们',
  },
  heldBy: {
    code: 40926,
    status: 409,
    en: 'These {entity} hold “{label}”: {holders}. Confirm to delete it and take it from them',
    zh: '以下{entity}拥有“{label}”：{holders}。确认后将删除它并从中移除',
  },
  permissionParent: {
    code: 40927,
    status: 409,
    en: 'The parent of a permission must be an existing menu',
    zh: '权限的上级必须是已存在的菜单',
  },
  fileNotFound: {
    code: 40403,
    status: 404,
    en: 'No such file: {url}',
    zh: '文件不存在：{url}',
  },
  consoleNotBuilt: {
    code: 40402,
    status: 404,
    en: 'The console is not built yet: run npm run build',
    zh: '控制台尚未构建：请运行 npm run build',
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorKey = keyof typeof errorCatalogue;

/** Short per-field messages of a validation refusal (`content.errors[].message`), by rule. */
export const validationMessages = {
  required: { en: 'Required', zh: '必填' },
  tooShort: { en: 'At least {min} characters', zh: '至少 {min} 个字符' },
  tooLong: { en: 'At most {max} characters', zh: '最多 {max} 个字符' },
  tooSmall: { en: 'Must be at least {min}', zh: '不能小于 {min}' },
  tooBig: { en: 'Must be at most {max}', zh: '不能大于 {max}' },
  tooFew: { en: 'Choose at least {min}', zh: '至少选择 {min} 项' },
  tooMany: { en: 'Choose at most {max}', zh: '最多选择 {max} 项' },
  wrongType: { en: 'Expected {expected}', zh: '应为{expected}' },
  notOption: { en: 'Not one of the allowed values: {values}', zh: '不是允许的值：{values}' },
  badFormat: { en: 'Not a valid {format}', zh: '{format}格式不正确' },
  notInteger: { en: 'Must be a whole number', zh: '必须是整数' },
  unknownField: { en: 'Unknown field', zh: '未知字段' },
  invalid: { en: 'Not valid', zh: '无效' },
  nulCharacter: { en: 'Must not contain the NUL character (\\u0000)', zh: '不能包含空字符（\\u0000）' },
} as const satisfies Record<string, { en: string; zh: string }>;

export type ValidationMessageKey = keyof typeof validationMessages;

/** Texts the server sends on its own (SMS second factor). */
export const outgoingTexts = {
  smsLoginCode: {
    en: 'Your login code is {code}. It expires in {minutes} minutes. Do not share it.',
    zh: '您的登录验证码为 {code}，{minutes} 分钟内有效，请勿告诉他人。',
  },
} as const satisfies Record<string, { en: string; zh: string }>;

/** Type and format names used inside validation messages. */
export const validationTerms = {
  string: { en: 'text', zh: '文本' },
  number: { en: 'a number', zh: '数字' },
  int: { en: 'a whole number', zh: '整数' },
  boolean: { en: 'true or false', zh: '布尔值' },
  array: { en: 'a list', zh: '列表' },
  object: { en: 'an object', zh: '对象' },
  date: { en: 'a date', zh: '日期' },
  email: { en: 'email address', zh: '邮箱' },
  url: { en: 'URL', zh: '网址' },
  regex: { en: 'value', zh: '值' },
  datetime: { en: 'date and time', zh: '日期时间' },
} as const satisfies Record<string, { en: string; zh: string }>;

export function validationMessage(
  key: ValidationMessageKey,
  lang: Lang,
  params?: Record<string, string | number>,
): string {
  return formatMessage(validationMessages[key][lang], params);
}

/** Codes after which the console ends the session. */
export const LOGOUT_CODES = [50008, 50012, 50014] as const;
export const TIMEOUT_CODE = 401;

export function formatMessage(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

export function errorMessage(key: ErrorKey, lang: Lang, params?: Record<string, string | number>): string {
  return formatMessage(errorCatalogue[key][lang], params);
}

/** Picks the message language from `lang` (query) or an Accept-Language header. */
export function pickLang(lang?: string | null, acceptLanguage?: string | null): Lang {
  const explicit = lang?.toLowerCase();
  if (explicit === 'zh' || explicit === 'en') return explicit;
  const header = acceptLanguage?.toLowerCase() ?? '';
  const first = header.split(',')[0] ?? '';
  return first.startsWith('zh') ? 'zh' : 'en';
}

/** The envelope every API body follows. */
export type Envelope<T> = { success: boolean; code: number; message: string; content: T };

export type FieldError = { path: string; message: string };

/** `content` of a validation refusal: each bad field by its path. */
export type ValidationContent = { errors: FieldError[] };

export type ListContent<T> = { list: T[]; total: number; page: number; size: number };
