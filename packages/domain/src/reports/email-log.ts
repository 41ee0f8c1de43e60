import { t } from '../kit/bilingual';
import { defineReport } from '../kit/define-entity';

/** /systemManage/email_log_list: every mail the server sent or kept in its local outbox, newest first, with
 * its outcome. Read-only. */
export const emailLog = defineReport({
  name: 'email_log',
  labels: { singular: t('Email log', '邮件日志'), plural: t('Email log', '邮件日志') },
  permission: { menu: '/systemManage/email_log_list' },
  fields: {
    to: { kind: 'text', label: t('To', '收件人'), list: { filter: 'like', width: 220 } },
    subject: { kind: 'text', label: t('Subject', '主题'), list: { width: 220 } },
    template: {
      kind: 'enum',
      label: t('Template', '模板'),
      options: [
        { value: 'activation', label: t('Account activation', '账号激活') },
        { value: 'resetPassword', label: t('Password reset', '重置密码') },
      ],
      list: { filter: 'in', width: 140 },
    },
    lang: { kind: 'text', label: t('Language', '语言'), list: { width: 80 } },
    status: {
      kind: 'enum',
      label: t('Status', '状态'),
      options: [
        { value: 'outbox', label: t('In the outbox', '待发送（本地）'), color: 'default' },
        { value: 'sent', label: t('Sent', '已发送'), color: 'success' },
        { value: 'failed', label: t('Failed', '发送失败'), color: 'error' },
      ],
      list: { filter: 'in', width: 120 },
    },
    error: { kind: 'text', label: t('Error', '错误信息'), list: { width: 200 } },
    sentAt: { kind: 'datetime', label: t('Time', '时间'), list: { sortable: true, width: 180 } },
  },
  defaultSort: { field: 'sentAt', order: 'desc' },
  labelField: 'subject',
});
