import { type Bilingual, defineEntity, t } from '../kit';

/** What a marketplace API key may be granted. Each open route names exactly one. */
export const OPEN_SCOPES = [
  'consults:read',
  'consults:write',
  'requirements:read',
  'requirements:write',
  'companies:read',
  'announcements:read',
  'marketing:read',
  'events:write',
  'letters:read',
  'letters:write',
  'chat:read',
  'chat:write',
  'files:write',
  'users:read',
] as const;

export type OpenScope = (typeof OPEN_SCOPES)[number];

const SCOPE_LABELS: Record<OpenScope, Bilingual> = {
  'consults:read': t('Consults: read', '咨询：读取'),
  'consults:write': t('Consults: write', '咨询：写入'),
  'requirements:read': t('Purchase requirements: read', '采购需求：读取'),
  'requirements:write': t('Purchase requirements: write', '采购需求：写入'),
  'companies:read': t('Companies: read', '企业：读取'),
  'announcements:read': t('Announcements and notices: read', '公告与通知：读取'),
  'marketing:read': t(
    'Activities, hot words and recommended searches: read',
    '热门活动、热词与推荐搜索：读取',
  ),
  'events:write': t('Behaviour events: write', '行为事件：写入'),
  'letters:read': t('Inbox letters and notifications: read', '站内信与通知：读取'),
  'letters:write': t('Inbox letters and notifications: mark read', '站内信与通知：标记已读'),
  'chat:read': t('Site chat: read', '站内聊天：读取'),
  'chat:write': t('Site chat: write', '站内聊天：写入'),
  'files:write': t("Buyers' images: upload", '买家图片：上传'),
  'users:read': t(
    'Buyers’ points, membership level and online benefits: read',
    '买家积分、会员等级与线上权益：读取',
  ),
};

/**
 * /systemManage/api_key_list: the keys the marketplace's servers call /api/open/v1 with. A key is added with
 * its name, scopes and optional expiry; `issue` makes its secret (answered once, stored only as a sha-256
 * hash in a table of its own, never in this record, its history or an export) and shows the public prefix
 * the key is looked up by. Issuing again replaces the secret. `revoke` refuses the key at once, for good.
 */
export const apiKey = defineEntity({
  name: 'api_key',
  labels: { singular: t('API key', 'API 密钥'), plural: t('API keys', 'API 密钥') },
  permission: { menu: '/systemManage/api_key_list' },
  fields: {
    name: {
      kind: 'text',
      label: t('Name', '名称'),
      required: true,
      unique: true,
      maxLength: 100,
      list: { sortable: true, width: 200 },
    },
    scopes: {
      kind: 'tags',
      label: t('Scopes', '权限范围'),
      required: true,
      options: OPEN_SCOPES.map((value) => ({ value, label: SCOPE_LABELS[value] })),
      list: { width: 260 },
    },
    expiresAt: {
      kind: 'datetime',
      label: t('Expires', '过期时间'),
      list: { sortable: true, width: 170 },
      form: { help: t('Empty: the key does not expire', '不填则不过期') },
    },
    prefix: {
      kind: 'text',
      label: t('Key prefix', '密钥前缀'),
      computed: true,
      unique: true,
      maxLength: 20,
      list: { width: 160 },
    },
    lastUsedAt: {
      kind: 'datetime',
      label: t('Last used', '最后使用时间'),
      computed: true,
      list: { sortable: true, width: 170 },
    },
    status: {
      kind: 'enum',
      label: t('Status', '状态'),
      // a revoked key stays revoked: only the revoke action writes the status
      actionOnly: true,
      options: [
        { value: 'active', label: t('Active', '有效'), color: 'success' },
        { value: 'revoked', label: t('Revoked', '已吊销'), color: 'default' },
      ],
      machine: {
        initial: 'active',
        actions: {
          revoke: {
            label: t('Revoke', '吊销'),
            from: ['active'],
            to: 'revoked',
            confirm: t(
              'Revoke “{{label}}”? Calls with it are refused at once, for good.',
              '确定吊销“{{label}}”吗？使用该密钥的调用将立即被拒绝，且无法恢复。',
            ),
          },
        },
      },
      list: { filter: 'in', width: 110 },
    },
  },
  search: ['name', 'prefix'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  labelField: 'name',
  capabilities: { import: false },
  commands: {
    issue: {
      label: t('Issue secret', '生成密钥'),
      target: 'record',
      when: { field: 'status', in: ['active'] },
      confirm: t(
        'Issue a new secret for “{{label}}”? A secret issued before stops working.',
        '确定为“{{label}}”生成新密钥吗？之前生成的密钥将失效。',
      ),
      answersResult: true,
      showResultOnce: true,
      placement: ['row', 'form'],
    },
  },
});
