import { counter, defineEntity, effectiveStatus, t } from '../kit';

/** Who an announcement or notice is shown to on the marketplace (`levels`: users whose membership level is one
 * of the announcement's `levelIds`). */
export const ANNOUNCEMENT_TARGETS = [
  { value: 'all', label: t('Everyone', '所有人') },
  { value: 'buyer', label: t('Buyers', '采购商') },
  { value: 'supplier', label: t('Suppliers', '供应商') },
  { value: 'levels', label: t('Membership levels', '指定会员等级') },
] as const;

/** The longest content an announcement or notice keeps (rich text, sanitised on the server). */
export const ANNOUNCEMENT_CONTENT_MAX = 50_000;

function announcementFields() {
  return {
    title: {
      kind: 'text',
      label: t('Title', '标题'),
      required: true,
      maxLength: 200,
      list: { width: 260 },
    },
    target: {
      kind: 'enum',
      label: t('Target', '对象'),
      options: ANNOUNCEMENT_TARGETS,
      default: 'all',
      required: true,
      list: { filter: 'in', width: 110 },
    },
    levelIds: {
      kind: 'relationMany',
      label: t('Membership levels', '会员等级'),
      to: 'user_vip_package',
      labelField: 'name',
      required: true,
      onlyWhen: { field: 'target', in: ['levels'] },
      list: { width: 200 },
      form: {
        help: t(
          'Shown only to users whose membership level is one of these',
          '仅向会员等级为其中之一的用户展示',
        ),
      },
    },
    publishTime: {
      kind: 'datetime',
      label: t('Publish time', '发布时间'),
      required: true,
      list: { sortable: true, filter: 'range', width: 170 },
      form: {
        help: t('Shown to the marketplace from this time on while effective', '有效期间自该时间起向平台展示'),
      },
    },
    content: {
      kind: 'richText',
      label: t('Content', '内容'),
      required: true,
      maxLength: ANNOUNCEMENT_CONTENT_MAX,
    },
    status: effectiveStatus(),
    readCount: counter(t('Reads', '阅读量')),
  } as const;
}

/** /platformAnnouncement/announcement_list: platform announcements, effective or invalid, published at
 * their publish time; the marketplace reads the effective, published ones. */
export const announcement = defineEntity({
  name: 'announcement',
  labels: { singular: t('Announcement', '公告'), plural: t('Announcements', '公告') },
  permission: { menu: '/platformAnnouncement/announcement_list' },
  fields: announcementFields(),
  search: ['title'],
  defaultSort: { field: 'publishTime', order: 'desc' },
  softDelete: true,
  labelField: 'title',
});

/** /platformAnnouncement/announcement/notice_list: notices, the same shape as announcements. */
export const notice = defineEntity({
  name: 'notice',
  labels: { singular: t('Notice', '通知'), plural: t('Notices', '通知') },
  permission: { menu: '/platformAnnouncement/announcement/notice_list' },
  fields: announcementFields(),
  search: ['title'],
  defaultSort: { field: 'publishTime', order: 'desc' },
  softDelete: true,
  labelField: 'title',
});
