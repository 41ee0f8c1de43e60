import { t } from '../kit/bilingual';
import { defineReport } from '../kit/define-entity';

/**
 * /systemManage/system_log_list: every mutating call and every login attempt, newest first, secrets redacted.
 * The rows are read from the `system_log` table; a row opens a drawer with its arguments pretty-printed.
 */
export const systemLogReport = defineReport({
  name: 'system_log',
  labels: { singular: t('System log', '系统日志'), plural: t('System logs', '系统日志') },
  permission: { menu: '/systemManage/system_log_list' },
  fields: {
    logId: { kind: 'integer', label: t('ID', '编号'), list: { sortable: true, width: 90 } },
    account: { kind: 'text', label: t('Account', '账号'), list: { filter: 'like', width: 140 } },
    companyId: { kind: 'integer', label: t('Company ID', '企业 ID'), list: { filter: 'eq', width: 100 } },
    url: { kind: 'text', label: t('URL', '请求地址'), list: { filter: 'like', width: 260 } },
    method: { kind: 'text', label: t('Method', '请求方式'), list: { width: 90 } },
    ip: { kind: 'text', label: t('IP address', 'IP 地址'), list: { filter: 'eq', width: 130 } },
    requestArgs: {
      kind: 'longText',
      label: t('Request arguments', '请求参数'),
      list: { column: true, shown: false },
    },
    responseArgs: {
      kind: 'longText',
      label: t('Response', '响应结果'),
      list: { column: true, shown: false },
    },
    success: { kind: 'boolean', label: t('Succeeded', '是否成功'), list: { filter: 'eq', width: 100 } },
    statusCode: { kind: 'integer', label: t('Status code', '状态码'), list: { width: 90 } },
    errorMessage: { kind: 'text', label: t('Error message', '错误信息'), list: { width: 220 } },
    durationMs: {
      kind: 'integer',
      label: t('Duration (ms)', '耗时（毫秒）'),
      list: { sortable: true, width: 120 },
    },
    loggedAt: {
      kind: 'datetime',
      label: t('Time', '时间'),
      list: { sortable: true, filter: 'range', width: 180 },
    },
  },
  search: ['account', 'url', 'errorMessage'],
  defaultSort: { field: 'loggedAt', order: 'desc' },
  labelField: 'url',
  detail: true,
});
