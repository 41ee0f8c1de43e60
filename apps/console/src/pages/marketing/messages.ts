import type { Language } from '@organiser/domain';
import { textsIn, useTexts } from '../../i18n/texts';

// The marketing pages' own texts (the i18next namespace `marketing`): the pages that list an activity's
// sub-activities and a recommended search's advertising objects, the row actions that lead to them, the
// marketplace preview, and the search history's tabs and top keywords.

export const en = {
  'pages.subActivities': 'Sub-activities',
  'pages.objects': 'Advertising objects',
  'children.activity': 'Activity: {{name}}',
  'children.search': 'Recommended search: {{name}}',
  'children.emptyActivity':
    'No sub-activities yet: add a company, a product, a link, a new product or an image-text card',
  'children.emptySearch': 'No advertising objects yet: add up to the limit of companies and products',
  'children.backActivities': 'Back to the activities',
  'children.backSearches': 'Back to the recommended searches',
  'children.order':
    'Drag the rows by their handle, or use the arrows (Tab and Enter), to change the order; the marketplace shows them in this order.',
  'children.addNewProduct': 'Add a new product',
  'preview.title': 'Marketplace preview',
  'preview.empty': 'Nothing to show yet',
  'preview.english': 'English site',
  'preview.chinese': 'Chinese site',
  'preview.hotWords': 'Hot searches:',
  'history.searches': 'Searches',
  'history.keywords': 'Top keywords',
  'keywords.column': 'Hot word',
  'keywords.make': 'Make it a hot word',
  'keywords.makeOf': 'Make “{{word}}” a hot word',
  'keywords.already': 'Already a hot word',
  'keywords.made': '“{{word}}” is now a hot word',
} as const;

export type MarketingTextKey = keyof typeof en;

export const zh: Record<MarketingTextKey, string> = {
  'pages.subActivities': '子活动',
  'pages.objects': '推荐广告',
  'children.activity': '所属活动：{{name}}',
  'children.search': '推荐搜索：{{name}}',
  'children.emptyActivity': '暂无子活动：可添加企业、产品、外部链接、新品或图文',
  'children.emptySearch': '暂无推荐广告：可添加企业和产品，数量以上限为准',
  'children.backActivities': '返回热门活动列表',
  'children.backSearches': '返回推荐搜索列表',
  'children.order': '拖动行首的把手，或使用上移、下移按钮（也可用键盘操作）调整顺序，平台按此顺序展示。',
  'children.addNewProduct': '新增新品',
  'preview.title': '平台效果预览',
  'preview.empty': '暂无内容',
  'preview.english': '英文站',
  'preview.chinese': '中文站',
  'preview.hotWords': '热门搜索：',
  'history.searches': '搜索记录',
  'history.keywords': '热门关键词',
  'keywords.column': '热词',
  'keywords.make': '设为热门搜索词',
  'keywords.makeOf': '将“{{word}}”设为热门搜索词',
  'keywords.already': '已是热门搜索词',
  'keywords.made': '“{{word}}”已设为热门搜索词',
};

/** The marketing texts in one language (for a row action's label, built outside a component). */
export const marketingTextsIn = (lang: Language) => textsIn<MarketingTextKey>('marketing', lang);
export const useMarketingText = () => useTexts<MarketingTextKey>('marketing');
