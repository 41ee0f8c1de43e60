import { useTexts } from '../../i18n/texts';

// The points pages' own texts (the i18next namespace `points`): the point rules edited all at once, and the
// points section of a user's edit screen (level, ledger, staff adjustment).

export const en = {
  'rules.action': 'Action',
  'rules.points': 'Points',
  'rules.maxTimes': 'Max times a day',
  'rules.remark': 'Remark',
  'rules.save': 'Save all rules',
  'rules.saved': 'Point rules saved',
  'rules.help':
    'Negative points take points away. Every rule is saved in one go: if one is refused, none changes.',
  'points.title': 'Points and membership level',
  'points.balance': 'Points',
  'points.level': 'Membership level',
  'points.noLevel': 'No level',
  'points.time': 'Time',
  'points.action': 'Action',
  'points.change': 'Change',
  'points.after': 'Balance',
  'points.reason': 'Reason',
  'points.event': 'Event',
  'points.none': 'No points yet',
  'adjust.action': 'Adjust points',
  'adjust.points': 'Points (negative to take away)',
  'adjust.reason': 'Reason',
  'adjust.done': 'Points adjusted',
} as const;

export type PointsTextKey = keyof typeof en;

export const zh: Record<PointsTextKey, string> = {
  'rules.action': '行为',
  'rules.points': '积分',
  'rules.maxTimes': '每日上限次数',
  'rules.remark': '备注',
  'rules.save': '保存全部规则',
  'rules.saved': '积分规则已保存',
  'rules.help': '负数表示扣减积分。全部规则一次保存：任何一条被拒绝，则都不修改。',
  'points.title': '积分与会员等级',
  'points.balance': '积分',
  'points.level': '会员等级',
  'points.noLevel': '无等级',
  'points.time': '时间',
  'points.action': '行为',
  'points.change': '变动',
  'points.after': '余额',
  'points.reason': '原因',
  'points.event': '事件',
  'points.none': '暂无积分记录',
  'adjust.action': '调整积分',
  'adjust.points': '积分（负数为扣减）',
  'adjust.reason': '原因',
  'adjust.done': '积分已调整',
};

export const usePointsText = () => useTexts<PointsTextKey>('points');
