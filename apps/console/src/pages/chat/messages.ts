import type { Language } from '@organiser/domain';
import { textsIn, useTexts } from '../../i18n/texts';

// The site chat pages' own texts (the i18next namespace `chat`): the conversation list's counts and shortcuts,
// and the conversation page's thread and moderation.

export const en = {
  'list.open': 'Open',
  'list.unread': 'Unread: {{n}}',
  'list.unreplied': 'Unreplied: {{n}}',
  'list.unreadOnly': 'Unread only',
  'list.unrepliedOnly': 'Unreplied only',
  'thread.title': 'Messages',
  'thread.none': 'No message yet',
  'thread.buyer': 'Buyer',
  'thread.company': 'Supplier',
  'thread.staff': 'Organiser',
  'thread.hidden': 'Hidden: {{reason}}',
  'thread.hide': 'Hide',
  'thread.hideTitle': 'Hide this message',
  'thread.hideHint': 'The buyer and the marketplace no longer see it; it stays in the history.',
  'thread.reason': 'Reason',
  'thread.reasonRequired': 'Give the reason',
  'thread.count': '{{n}} messages',
} as const;

export type ChatTextKey = keyof typeof en;

export const zh: Record<ChatTextKey, string> = {
  'list.open': '查看',
  'list.unread': '未读：{{n}}',
  'list.unreplied': '未回复：{{n}}',
  'list.unreadOnly': '只看未读',
  'list.unrepliedOnly': '只看未回复',
  'thread.title': '聊天记录',
  'thread.none': '暂无消息',
  'thread.buyer': '买家',
  'thread.company': '供应商',
  'thread.staff': '平台',
  'thread.hidden': '已屏蔽：{{reason}}',
  'thread.hide': '屏蔽',
  'thread.hideTitle': '屏蔽这条消息',
  'thread.hideHint': '买家和平台前台将看不到这条消息，消息仍保留在历史中。',
  'thread.reason': '屏蔽原因',
  'thread.reasonRequired': '请填写屏蔽原因',
  'thread.count': '共 {{n}} 条消息',
};

/** The chat texts in one language (for a row action's label, built outside a component). */
export const chatTextsIn = (lang: Language) => textsIn<ChatTextKey>('chat', lang);

export const useChatText = () => useTexts<ChatTextKey>('chat');
