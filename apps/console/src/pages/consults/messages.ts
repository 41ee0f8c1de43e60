import { useTexts } from '../../i18n/texts';

// The consult pages' own texts (the i18next namespace `consults`): the reply thread on the consult's screen.

export const en = {
  'thread.title': 'Replies',
  'thread.none': 'No reply yet',
  'thread.staff': 'Organiser',
  'thread.supplier': 'Supplier',
};

export const zh: Record<keyof typeof en, string> = {
  'thread.title': '回复记录',
  'thread.none': '暂无回复',
  'thread.staff': '平台',
  'thread.supplier': '供应商',
};

export type ConsultTextKey = keyof typeof en;

export const useConsultText = () => useTexts<ConsultTextKey>('consults');
