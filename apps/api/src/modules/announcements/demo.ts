import { entities } from '@organiser/domain';
import { insertDemoRows } from '../../engine';
import type { SeedContext } from '../../seed';

// Demo announcements and notices in English and Chinese: most effective and published, one scheduled for
// later, one invalid.

const DAY = 86_400_000;

const announcements = [
  {
    title: 'Spring sourcing fair opens on 12 March',
    target: 'all',
    days: -10,
    status: 'effective',
    readCount: 128,
    content: '<p>Registration for the spring sourcing fair is open. <strong>Booths</strong> are limited.</p>',
  },
  {
    title: '平台服务条款更新公告',
    target: 'all',
    days: -3,
    status: 'effective',
    readCount: 57,
    content: '<p>平台服务条款已更新，自<strong>下月一日</strong>起生效，请各位用户及时查阅。</p>',
  },
  {
    title: '供应商年度认证开始',
    target: 'supplier',
    days: 5,
    status: 'effective',
    readCount: 0,
    content: '<p>年度认证将于下周开始，请提前准备营业执照及资质证书。</p>',
  },
  {
    title: 'Holiday service hours',
    target: 'buyer',
    days: -40,
    status: 'invalid',
    readCount: 311,
    content: '<p>Customer service answers from 9:00 to 17:00 during the holidays.</p>',
  },
];

const notices = [
  {
    title: 'Scheduled maintenance on Sunday night',
    target: 'all',
    days: -1,
    status: 'effective',
    readCount: 42,
    content: '<p>The marketplace is unavailable from 01:00 to 03:00 UTC on Sunday.</p>',
  },
  {
    title: '采购需求发布规则调整',
    target: 'buyer',
    days: -7,
    status: 'effective',
    readCount: 19,
    content: '<p>每条采购需求须填写<strong>预计采购量</strong>与截止日期。</p>',
  },
  {
    title: 'New product photo rules',
    target: 'supplier',
    days: 2,
    status: 'effective',
    readCount: 0,
    content: '<p>From next week product photos must be at least 800x800 pixels.</p>',
  },
  {
    title: '旧版后台停止服务',
    target: 'all',
    days: -60,
    status: 'invalid',
    readCount: 205,
    content: '<p>旧版后台已停止服务，请使用新版后台。</p>',
  },
];

export async function seedAnnouncementDemo(ctx: SeedContext): Promise<void> {
  const now = Date.now();
  const rows = (list: typeof announcements) =>
    list.map(({ days, ...r }) => ({ ...r, publishTime: new Date(now + days * DAY) }));
  const a = await insertDemoRows(ctx.db, entities.announcement!, rows(announcements));
  const n = await insertDemoRows(ctx.db, entities.notice!, rows(notices));
  ctx.log(`demo announcements: ${a.length}, notices: ${n.length}`);
}
