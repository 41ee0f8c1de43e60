import { t } from '../kit/bilingual';
import { defineReport } from '../kit/define-entity';

/**
 * /systemManage/sms_log_list: every text message the system sent, or would have sent when no SMS provider is
 * configured. Codes are never kept in clear: the stored text has them masked.
 */
export const smsLogReport = defineReport({
  name: 'sms_log',
  labels: { singular: t('SMS log', '短信日志'), plural: t('SMS logs', '短信日志') },
  permission: { menu: '/systemManage/sms_log_list' },
  fields: {
    logId: { kind: 'integer', label: t('ID', '编号'), list: { sortable: true, width: 90 } },
    mobile: { kind: 'text', label: t('Mobile', '手机号'), list: { filter: 'like', width: 150 } },
    account: { kind: 'text', label: t('Account', '账号'), list: { filter: 'like', width: 140 } },
    purpose: {
      kind: 'enum',
      label: t('Purpose', '用途'),
      options: [{ value: 'login', label: t('Login code', '登录验证码') }],
      list: { filter: 'eq', width: 130 },
    },
    status: {
      kind: 'enum',
      label: t('Status', '状态'),
      options: [
        { value: 'sent', label: t('Sent', '已发送'), color: 'success' },
        { value: 'failed', label: t('Failed', '发送失败'), color: 'error' },
        { value: 'unsent', label: t('No provider: not sent', '未配置服务商：未发送'), color: 'default' },
      ],
      list: { filter: 'eq', width: 170 },
    },
    body: {
      kind: 'longText',
      label: t('Text (codes masked)', '内容（验证码已隐藏）'),
      list: { column: true, width: 320 },
    },
    errorMessage: { kind: 'text', label: t('Error message', '错误信息'), list: { shown: false } },
    loggedAt: {
      kind: 'datetime',
      label: t('Time', '时间'),
      list: { sortable: true, filter: 'range', width: 180 },
    },
  },
  search: ['mobile', 'account'],
  defaultSort: { field: 'loggedAt', order: 'desc' },
  labelField: 'mobile',
  detail: true,
});

/** /systemManage/oss_log_list: every upload to object storage, accepted or refused. */
export const ossLogReport = defineReport({
  name: 'oss_log',
  labels: {
    singular: t('Object-storage log', '对象存储日志'),
    plural: t('Object-storage logs', '对象存储日志'),
  },
  permission: { menu: '/systemManage/oss_log_list' },
  fields: {
    logId: { kind: 'integer', label: t('ID', '编号'), list: { sortable: true, width: 90 } },
    account: { kind: 'text', label: t('Account', '账号'), list: { filter: 'like', width: 140 } },
    companyId: { kind: 'integer', label: t('Company ID', '企业 ID'), list: { filter: 'eq', width: 100 } },
    fileKey: { kind: 'text', label: t('Key', '文件键'), list: { filter: 'like', width: 280 } },
    fileName: { kind: 'text', label: t('File name', '文件名'), list: { width: 200 } },
    size: { kind: 'integer', label: t('Size (bytes)', '大小（字节）'), list: { sortable: true, width: 120 } },
    contentType: { kind: 'text', label: t('Content type', '内容类型'), list: { filter: 'eq', width: 150 } },
    success: { kind: 'boolean', label: t('Succeeded', '是否成功'), list: { filter: 'eq', width: 100 } },
    errorMessage: { kind: 'text', label: t('Error message', '错误信息'), list: { width: 220 } },
    loggedAt: {
      kind: 'datetime',
      label: t('Time', '时间'),
      list: { sortable: true, filter: 'range', width: 180 },
    },
  },
  search: ['account', 'fileKey', 'fileName'],
  defaultSort: { field: 'loggedAt', order: 'desc' },
  labelField: 'fileKey',
  detail: true,
});
