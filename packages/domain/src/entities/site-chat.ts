import { defineEntity, media, replyCommand, t } from '../kit';
import type { EnumField, NumberField } from '../kit/types';

/** The longest chat message a buyer, a supplier or staff may send (characters, stored and shown as text). */
export const CHAT_CONTENT_MAX = 2000;

/** Most images one chat message carries (JPG/PNG only, as every reply form). */
export const CHAT_IMAGES_MAX = 6;

/** The list page of the site chat: the conversations are read behind it. */
export const CHAT_MENU = '/site_chat_message/site_chat_message_list';

/** The conversation page (a named page): a conversation's messages are read behind it. */
export const CHAT_EDIT_MENU = '/site_chat_message/site_chat_message_edit/:id';

const source: EnumField = {
  kind: 'enum',
  label: t('About', '咨询对象'),
  options: [
    { value: 'company', label: t('The company', '企业') },
    { value: 'product', label: t('A product', '产品') },
    { value: 'requirement', label: t('A purchase requirement', '采购需求') },
  ],
  default: 'company',
  readOnlyOnEdit: true,
  list: { filter: 'in', width: 120 },
};

const subjectId: NumberField = {
  kind: 'integer',
  label: t('Subject ID', '对象 ID'),
  min: 0,
  max: 2_147_483_647,
  default: 0,
  readOnlyOnEdit: true,
  list: { width: 100 },
};

/**
 * /site_chat_message (site_chat_message_list, site_chat_message_edit/{id}): a conversation between a buyer and a
 * company, optionally about one of its products or a purchase requirement (`source`, `subject_id`; 0 when it is
 * about the company). Buyers' messages arrive only from the marketplace (`POST /api/open/v1/chat/messages`); staff
 * and a supplier of the conversation's company answer with `reply`. The list carries the last message and, per
 * reader, whether it is read (staff and the company each read on their own) and whether the buyer's last message
 * is replied. A supplier account sees only its own company's conversations. One conversation per buyer, company,
 * source and subject: a unique index of the chat module's migration (`site_chat_conversation_subject_unique`).
 */
export const siteChatConversation = defineEntity({
  name: 'site_chat_conversation',
  labels: { singular: t('Conversation', '会话'), plural: t('Conversations', '会话') },
  permission: { menu: CHAT_MENU },
  behaviour: {
    screens: { 'entity-list': 'chat/chat-pages ChatListPage (counts, unread and unreplied shortcuts)' },
    // the navbar's chat badges follow every write, on every node
    hooks: { chat: ['afterCommit: notifyBadges'] },
  },
  defaultColumns: [
    'userRealname',
    'companyName',
    'title',
    'lastMessage',
    'readedByStaff',
    'readedByCompany',
    'replied',
    'lastMessageAt',
  ],
  fields: {
    userId: {
      kind: 'relation',
      label: t('Buyer', '买家'),
      to: 'user_manager',
      labelField: 'account',
      required: true,
      readOnlyOnEdit: true,
      list: { filter: 'eq', width: 160 },
    },
    companyId: {
      kind: 'relation',
      label: t('Company', '所属企业'),
      to: 'company',
      labelField: 'name',
      required: true,
      readOnlyOnEdit: true,
      list: { filter: 'eq', width: 200 },
    },
    source,
    subjectId,
    title: { kind: 'text', label: t('Title', '标题'), maxLength: 200, list: { width: 200 } },
    userRealname: { kind: 'text', label: t('Buyer name', '买家姓名'), maxLength: 100, list: { width: 140 } },
    companyName: { kind: 'text', label: t('Company name', '企业名称'), maxLength: 200, list: { width: 180 } },
    lastMessage: {
      kind: 'longText',
      label: t('Last message', '最新消息'),
      maxLength: CHAT_CONTENT_MAX,
      computed: true,
      list: { column: true, width: 300 },
    },
    lastSender: {
      kind: 'enum',
      label: t('Last sender', '最后发送方'),
      options: [
        { value: 'buyer', label: t('Buyer', '买家') },
        { value: 'company', label: t('Supplier', '供应商') },
        { value: 'staff', label: t('Organiser', '平台') },
      ],
      default: 'buyer',
      computed: true,
      list: { filter: 'in', width: 110 },
    },
    messageCount: {
      kind: 'integer',
      label: t('Messages', '消息数'),
      min: 0,
      default: 0,
      computed: true,
      list: { sortable: true, width: 90 },
    },
    readedByStaff: {
      kind: 'boolean',
      label: t('Read by the organiser', '平台已读'),
      default: false,
      computed: true,
      list: { filter: 'eq', width: 110 },
    },
    readedByCompany: {
      kind: 'boolean',
      label: t('Read by the supplier', '企业已读'),
      default: false,
      computed: true,
      list: { filter: 'eq', width: 110 },
    },
    replied: {
      kind: 'boolean',
      label: t('Replied', '已回复'),
      default: false,
      computed: true,
      list: { filter: 'eq', width: 90 },
    },
    lastMessageAt: {
      kind: 'datetime',
      label: t('Last message at', '最新消息时间'),
      computed: true,
      list: { sortable: true, filter: 'range', width: 170 },
    },
  },
  search: ['title', 'lastMessage', 'userRealname', 'companyName'],
  defaultSort: { field: 'lastMessageAt', order: 'desc' },
  labelField: 'title',
  scope: { field: 'companyId' },
  capabilities: { readOnly: true, import: false },
  // the messages (`site_chat_message`) are appended by the chat module's handlers
  commands: {
    reply: replyCommand({
      maxLength: CHAT_CONTENT_MAX,
      imagesField: 'attachments',
      maxImages: CHAT_IMAGES_MAX,
    }),
    // opening a conversation marks it read for the reader: staff, or the company of a supplier account
    markRead: { label: t('Mark as read', '标为已读'), target: 'record', placement: ['row'] },
  },
});

/**
 * One message of a conversation. Append-only: never edited nor deleted; staff may
 * hide one as moderation (`hide`, with a reason, kept in the message's history): a hidden message is left out of
 * what the marketplace and the company's supplier accounts read, and shown to staff with its reason.
 */
export const siteChatMessage = defineEntity({
  name: 'site_chat_message',
  labels: { singular: t('Chat message', '聊天消息'), plural: t('Chat messages', '聊天消息') },
  permission: { menu: CHAT_EDIT_MENU },
  defaultColumns: ['conversationId', 'sender', 'content', 'hidden'],
  fields: {
    conversationId: {
      kind: 'relation',
      label: t('Conversation', '会话'),
      to: 'site_chat_conversation',
      labelField: 'title',
      required: true,
      list: { filter: 'eq', width: 160 },
    },
    companyId: {
      kind: 'relation',
      label: t('Company', '所属企业'),
      to: 'company',
      labelField: 'name',
      required: true,
      list: { filter: 'eq', width: 180 },
    },
    userId: {
      kind: 'relation',
      label: t('Buyer', '买家'),
      to: 'user_manager',
      labelField: 'account',
      required: true,
      list: { filter: 'eq', width: 140 },
    },
    source,
    subjectId,
    title: { kind: 'text', label: t('Title', '标题'), maxLength: 200, list: { width: 180 } },
    content: {
      kind: 'longText',
      label: t('Content', '消息内容'),
      required: true,
      maxLength: CHAT_CONTENT_MAX,
      list: { column: true, width: 320 },
    },
    attachments: media.images(t('Images', '图片'), { maxCount: CHAT_IMAGES_MAX }),
    sender: {
      kind: 'enum',
      label: t('Sender', '发送方'),
      options: [
        { value: 'buyer', label: t('Buyer', '买家') },
        { value: 'company', label: t('Supplier', '供应商') },
        { value: 'staff', label: t('Organiser', '平台') },
      ],
      default: 'buyer',
      list: { filter: 'in', width: 100 },
    },
    senderAccount: { kind: 'text', label: t('Sent by', '发送账号'), maxLength: 100, list: { width: 140 } },
    recipients: { kind: 'text', label: t('Recipients', '接收方'), maxLength: 300, list: { width: 160 } },
    userRealname: { kind: 'text', label: t('Buyer name', '买家姓名'), maxLength: 100, list: { width: 120 } },
    companyName: { kind: 'text', label: t('Company name', '企业名称'), maxLength: 200, list: { width: 160 } },
    readed: {
      kind: 'boolean',
      label: t('Read', '已读'),
      default: false,
      computed: true,
      list: { filter: 'eq', width: 80 },
    },
    replied: {
      kind: 'boolean',
      label: t('Replied', '已回复'),
      default: false,
      computed: true,
      list: { filter: 'eq', width: 80 },
    },
    hidden: {
      kind: 'boolean',
      label: t('Hidden', '已屏蔽'),
      default: false,
      computed: true,
      list: { filter: 'eq', width: 80 },
    },
    hiddenReason: {
      kind: 'text',
      label: t('Reason for hiding', '屏蔽原因'),
      maxLength: 500,
      computed: true,
      list: { width: 200 },
    },
  },
  search: ['content'],
  defaultSort: { field: 'createdAt', order: 'asc' },
  labelField: 'content',
  // a message hidden by moderation is gone for the supplier, as for the buyer; staff see it with its reason
  scope: { field: 'companyId', only: { field: 'hidden', in: [false] } },
  capabilities: { readOnly: true, import: false },
  commands: {
    hide: {
      label: t('Hide', '屏蔽'),
      target: 'record',
      when: { field: 'hidden', in: [false] },
      danger: true,
      confirm: t(
        'Hide this message from the buyer and the supplier? It stays in the history.',
        '对买家和供应商屏蔽这条消息？消息仍保留在历史中。',
      ),
      input: {
        reason: { kind: 'longText', label: t('Reason', '屏蔽原因'), required: true, maxLength: 500 },
      },
    },
  },
});
