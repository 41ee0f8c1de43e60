import { errorCatalogue, SUCCESS_CODE } from '@organiser/domain';
import {
  expect,
  expectNoSeriousA11y,
  type Lang,
  loginLabels,
  loginThroughPage,
  setLang,
  test,
} from '../fixtures';

// The first things to break when the build, the server or the routing is wrong.

test('the API answers /api/healthz', async ({ request }) => {
  const response = await request.get('/api/healthz');
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ success: true, code: SUCCESS_CODE });
});

test('an unknown /api path is a 404 in the envelope', async ({ request }) => {
  const response = await request.get('/api/x', { headers: { 'Accept-Language': 'zh-CN' } });
  expect(response.status()).toBe(404);
  const body = await response.json();
  const notFoundCodes = Object.values(errorCatalogue)
    .filter((entry) => entry.status === 404)
    .map((entry) => entry.code);
  expect(body).toMatchObject({ success: false, content: null });
  expect(notFoundCodes).toContain(body.code);
  expect(body.message).toMatch(/[\u4e00-\u9fff]/);
});

for (const lang of ['en', 'zh'] satisfies Lang[]) {
  test(`/login renders in ${lang} with no serious accessibility findings`, async ({ page }) => {
    await setLang(page, lang);
    await page.goto('/login');
    const labels = loginLabels[lang];
    await expect(page.getByLabel(labels.account, { exact: true })).toBeVisible();
    await expect(page.getByLabel(labels.password, { exact: true })).toBeVisible();
    await expect(page.getByLabel(labels.code, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: labels.submit })).toBeVisible();
    await expectNoSeriousA11y(page);
  });
}

test('a deep link without a token lands on the login page with the redirect', async ({ page }) => {
  await page.goto('/banner/banner_list');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/banner/banner_list');
});

test('the demo admin logs in through the login page and reaches the page asked for', async ({ page }) => {
  await loginThroughPage(page, { lang: 'zh', redirect: '/profile/index' });
  await expect(page).toHaveURL((url) => url.pathname === '/profile/index');
});

test('an API session from the test captcha code reads the current user', async ({ request, adminToken }) => {
  const response = await request.post('/api/user/get_current_user_info', {
    headers: { 'X-Token': adminToken },
  });
  expect(await response.json()).toMatchObject({ success: true, content: { account: 'admin' } });
});
