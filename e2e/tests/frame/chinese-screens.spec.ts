import { CHINESE_LATIN_ALLOWED, flattenRoutes, latinWords, layoutRoutes } from '@organiser/domain';
import { expect, frame, openSignedIn, test } from './frame';

// Every built screen a Chinese reader opens from the menu, and the richest forms, speak Chinese: their headings,
// column headers, labels, buttons, tabs, hints and accessible names carry no English word but the technical
// tokens Chinese writes as they are (URL, ID, JPG…). Table cells and chosen values are data and left out; data
// with a Chinese form (category names) is checked by the domains' own journeys.

test.describe.configure({ timeout: 300_000, mode: 'parallel' });

/** The richest of the pages the menu does not show: the forms with their own parts beside the engine's (the
 * other add pages are the engine's form, which the menu's lists and these share), the point rules, the profile. */
const FORMS = [
  '/company/supplier/company_add',
  '/productManage/product/product_add',
  '/site_message/site_message_add',
  '/user/user_add',
  '/popular_activities/popular_activities_add',
  '/user_vip_package/user_point_rule_editAll',
  '/profile/index',
  '/profile/Changepwd',
];

/** The screens: every page of the menu, and those forms; external links left out. The icon page lists the
 * icons' component names, which a person copies into a permission's icon field. */
const screens = flattenRoutes(layoutRoutes)
  .filter((r) => !r.isGroup && !r.fullPath.includes(':') && !/^https?:/.test(r.fullPath))
  .filter((r) => (!r.hidden && r.fullPath !== '/icon/index') || FORMS.includes(r.fullPath))
  .map((r) => ({ path: r.fullPath, title: r.title.zh }));

/** The texts the console itself writes on the page, outside table cells and chosen values. */
const CHROME = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'th',
  'label',
  'button',
  '[role="tab"]',
  '.ant-breadcrumb',
  '.ant-empty-description',
  '.ant-select-selection-placeholder',
  '.ant-card-head-title',
  '.ant-descriptions-item-label',
  '.ant-pagination',
].join(', ');

/** Data the screens show as it is stored: the signed-in demo administrator's name, in the welcome. */
const DATA_WORDS = new Set(['Administrator']);

// in two halves, which the journeys' workers run side by side
const halves = [screens.filter((_, i) => i % 2 === 0), screens.filter((_, i) => i % 2 === 1)];

for (const [n, half] of halves.entries())
  test(`every built screen speaks Chinese to a Chinese reader (${n + 1} of 2)`, async ({
    page,
    workerAdminToken,
  }) => {
    // one screen mounted at a time: with the tab strip on, every screen visited stays mounted behind the next
    // (the tabs' own journeys check that), and ninety of them make each later screen slower to render
    await page.addInitScript(() =>
      window.localStorage.setItem('layoutSettings:admin', JSON.stringify({ tagsView: false })),
    );
    await openSignedIn(page, '/dashboard', { token: workerAdminToken, lang: 'zh' });
    await expect(frame(page, 'zh').tabs).toHaveCount(0);
    const found: string[] = [];
    for (const { path, title } of half) {
      // in the page, as a click on the menu goes: the console and its frame load once, each screen only renders
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect(
        page.getByRole('heading', { level: 1, name: title, exact: true }).filter({ visible: true }),
        path,
      ).toBeVisible({ timeout: 30_000 });
      // the list's or form's first answer has arrived: no loading spinner left in the page
      await expect(page.locator('main .ant-spin-spinning'), path).toHaveCount(0, { timeout: 30_000 });
      const texts = await page.evaluate((selector) => {
        const main = document.querySelector('main') ?? document.body;
        // data, the names antd gives its icons (`plus`, `up`), which are not shown, and whatever this screen
        // does not show
        const outsideData = (el: Element) =>
          !el.closest('td, .ant-select-selection-item, .anticon') && el.checkVisibility();
        const out: string[] = [];
        for (const el of main.querySelectorAll(selector)) {
          // biome-ignore lint/performance/useDomNodeTextContent: the text as shown (a hidden child's is not)
          if (outsideData(el)) out.push((el as HTMLElement).innerText);
        }
        for (const el of main.querySelectorAll('[placeholder], [aria-label], [title]'))
          if (outsideData(el))
            for (const name of ['placeholder', 'aria-label', 'title']) out.push(el.getAttribute(name) ?? '');
        return out;
      }, CHROME);
      const english = [...new Set(texts.flatMap(latinWords))].filter(
        (w) => !CHINESE_LATIN_ALLOWED.has(w) && !DATA_WORDS.has(w),
      );
      if (english.length) found.push(`${path}: ${english.join(' ')}`);
    }
    expect(found).toEqual([]);
  });
