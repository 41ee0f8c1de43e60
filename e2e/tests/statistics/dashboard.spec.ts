import { en as engineEn } from '../../../apps/console/src/messages/en';
import { en, zh } from '../../../apps/console/src/pages/dashboard/messages';
import { api, escapeRegExp, expect, login, setLang, test } from '../../fixtures';
import { msg } from '../frame/frame';
import { createCompany, uniqueToken } from '../suppliers/helpers';

// The dashboard with the demo behaviour: staff see the charts drawn, and a waiting-work link opens its list
// filtered to the same number of records; a supplier's dashboard is its own company; the Chinese pass reads the
// heading and one card. The first screen comes drawn from the server: with the console's code held back it is
// all there, charts and all, in both languages, and what is pressed on it before the console has taken over is
// done once it has.

const LOAD = { timeout: 30_000 };

test('staff see the charts drawn and a waiting-work link lands on its filtered list (en)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, { lang: 'en' });
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await expect(page.getByRole('heading', { name: en['waiting.title'] })).toBeVisible(LOAD);

  // the charts' code comes after the first paint; the trend is drawn on a canvas of a real size
  const trend = page.getByTestId('dashboard-chart-trend');
  await expect(trend).toHaveAttribute('data-drawn', 'true', LOAD);
  const canvas = trend.locator('canvas').first();
  const box = await canvas.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(100);
  expect(box?.height ?? 0).toBeGreaterThan(100);
  await expect(page.getByTestId('dashboard-chart-companies')).toHaveAttribute('data-drawn', 'true', LOAD);

  // the busiest waiting work: its count is the total of the list it opens
  const cards = page.locator('a.dashboard-waiting');
  await expect(cards.first()).toBeVisible();
  const counts = await cards.evaluateAll((links) =>
    links.map((a) => ({
      kind: a.getAttribute('data-kind') ?? '',
      count: Number(a.querySelector('.dashboard-waiting-count')?.textContent ?? 0),
      href: a.getAttribute('href') ?? '',
    })),
  );
  const busiest = counts.filter((c) => c.kind !== 'chatsUnreplied').sort((a, b) => b.count - a.count)[0]!;
  expect(busiest.count).toBeGreaterThan(0);
  // journeys running beside this one add and audit records: the card and its list are read again until both
  // were read between two such changes
  const card = page.locator(`a.dashboard-waiting[data-kind="${busiest.kind}"]`);
  await expect(async () => {
    if (!page.url().endsWith('/dashboard')) await page.goto('/dashboard');
    const count = Number(await card.locator('.dashboard-waiting-count').textContent({ timeout: 10_000 }));
    await card.click();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === busiest.href, LOAD);
    const total = engineEn[count === 1 ? 'list.total_one' : 'list.total_other'].replace(
      '{{count}}',
      count.toLocaleString('en'),
    );
    await expect(
      page.getByText(new RegExp(`^${escapeRegExp(total)}$`)).filter({ visible: true }),
    ).toBeVisible({
      timeout: 5_000,
    });
  }).toPass({ timeout: 60_000 });
});

test('a supplier’s dashboard shows its own company, nothing of another (en)', async ({
  page,
  request,
  adminToken,
}) => {
  test.setTimeout(120_000);
  const token = uniqueToken('dash');
  const password = 'Supplier12345';
  const name = `${token} Dashboard Pumps Ltd.`;
  await createCompany(request, adminToken, { name, account: token, password });
  const other = `${token} Other Valves Ltd.`;
  await createCompany(request, adminToken, { name: other, account: `${token}x` });
  await login(page, { lang: 'en', account: token, password });
  const section = page.getByRole('region', { name: en['company.title'] });
  await expect(section.getByRole('heading', { name })).toBeVisible(LOAD);
  await expect(section.getByText(en['company.completeness'])).toBeVisible();
  await expect(page.locator(`a.dashboard-waiting[data-kind="companiesToAudit"]`)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: en['figures.title'] })).toBeVisible();
  await expect(page.getByText(other)).toHaveCount(0);
});

test('the dashboard in Chinese: its heading and a card (zh)', async ({ page }) => {
  await login(page, { lang: 'zh' });
  await expect(page.getByRole('heading', { name: zh['waiting.title'] })).toBeVisible(LOAD);
  await expect(
    page.getByRole('link', { name: new RegExp(`^${escapeRegExp(zh['waiting.companiesToAudit'])} \\d+$`) }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: zh['figures.title'] })).toBeVisible();
});

for (const lang of ['en', 'zh'] as const) {
  test(`the dashboard comes drawn in its first HTML, before the console's code has run (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const texts = lang === 'en' ? en : zh;
    await setLang(page, lang);
    const token = await api(page.request);
    await page.context().addCookies([{ name: 'Admin-Token', value: token, url: process.env.E2E_BASE_URL! }]);
    // none of the console's code runs: what shows is what the server sent
    await page.route('**/assets/*.js', (route) => route.abort());
    const picture = page.locator('.dashboard-chart-snapshot svg');
    // a node renders first screens once its renderer has loaded, from its first signed-in page on
    await expect(async () => {
      await page.goto('/dashboard');
      await expect(picture.first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByRole('heading', { name: texts['waiting.title'] })).toBeVisible();
    await expect(page.getByRole('heading', { name: texts['charts.title'] })).toBeVisible();
    const trend = page.getByTestId('dashboard-chart-trend');
    const box = await trend.locator('svg').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(100);
    expect(box?.height ?? 0).toBeGreaterThan(100);
    await expect(page.locator('a.dashboard-waiting').first()).toBeVisible();
  });
}

test('a shortcut pressed on the drawn dashboard before the console has taken over is done after (en)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await setLang(page, 'en');
  const token = await api(page.request);
  await page.context().addCookies([{ name: 'Admin-Token', value: token, url: process.env.E2E_BASE_URL! }]);
  // the frame's code held back a while: the server's screen stays without the console under it
  await page.route('**/assets/frame-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const picture = page.locator('.dashboard-chart-snapshot svg');
  await expect(async () => {
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(picture.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  // pressed as soon as the screen shows: the page's own script holds it until the console's code has run
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox', { name: msg('en', 'navbar.searchMenu') })).toBeFocused(LOAD);
  // the console's own charts replace the server's pictures
  await expect(page.getByTestId('dashboard-chart-trend')).toHaveAttribute('data-drawn', 'true', LOAD);
  await expect(picture).toHaveCount(0);
});
