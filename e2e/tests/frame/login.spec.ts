import { errorCatalogue } from '@organiser/domain';
import type { Page } from '@playwright/test';
import { CAPTCHA_TEST_CODE, setLang } from '../../fixtures';
import {
  buttonName,
  checkA11y,
  expect,
  frame,
  type Lang,
  msg,
  openSignedIn,
  PRODUCT,
  tabTitle,
  test,
} from './frame';

/** Holds the console's scripts back until the returned function is called: the page is the server's first HTML. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

// The login page (captcha, language) and the route guard around it.

// journeys load the real console and run axe: generous on busy shared machines
test.describe.configure({ timeout: 180_000 });

const accounts = { en: ['admin', 'admin123'], zh: ['editor', 'editor123'] } as const;

for (const lang of ['en', 'zh'] satisfies Lang[]) {
  test(`login with a wrong then a right captcha returns to the page asked for (${lang})`, async ({
    page,
  }) => {
    const [account, password] = accounts[lang];
    const asked = '/company/company_tag_list?page=2&keyword=steel';
    await setLang(page, lang);
    // The first HTML paints the login form in the chosen language before any script of the console has run: the
    // scripts are held back until the form has been seen.
    const releaseScripts = await holdScripts(page);
    await page.goto(asked, { waitUntil: 'commit' });
    const firstHtml = page.locator('#login-shell');
    await expect(firstHtml.getByRole('heading', { name: msg(lang, 'login.heading') })).toBeVisible();
    await expect(firstHtml.getByText(PRODUCT[lang], { exact: true })).toBeVisible();
    // (each label holds its text in both languages; the accessible name is the one shown)
    for (const key of ['login.account', 'login.password', 'login.checkCode'])
      await expect(firstHtml.getByRole('textbox', { name: msg(lang, key), exact: true })).toBeVisible();
    const other = lang === 'en' ? 'zh' : 'en';
    await expect(firstHtml.getByText(msg(other, 'login.account'), { exact: true })).toBeHidden();
    expect(await page.locator('#root > *').count(), 'the console has rendered nothing yet').toBe(0);
    releaseScripts();

    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(firstHtml).toHaveCount(0);
    // the full path and query are kept, so the list opens again with its filter
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(asked);
    await expect(page).toHaveTitle(tabTitle(`${msg(lang, 'routes.login')} - ${PRODUCT[lang]}`));
    await checkA11y(page);

    await page.getByLabel(msg(lang, 'login.account'), { exact: true }).fill(account);
    await page.getByLabel(msg(lang, 'login.password'), { exact: true }).fill(password);
    const code = page.getByLabel(msg(lang, 'login.checkCode'), { exact: true });
    await code.fill('not-the-code');
    await code.press('Enter');
    // "The verification code is incorrect", shown on the field; the used captcha is replaced
    await expect(page.getByText(errorCatalogue.captchaIncorrect[lang], { exact: true })).toBeVisible();
    await expect(code).toHaveValue('');
    await expect(page).toHaveURL((url) => url.pathname === '/login');

    await code.fill(CAPTCHA_TEST_CODE);
    await page.getByRole('button', { name: buttonName(msg(lang, 'login.submit')) }).click();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === asked);
    await expect(frame(page, lang).menu).toBeVisible();
    const title = lang === 'en' ? 'Company tags' : '企业标签';
    await expect(page).toHaveTitle(tabTitle(`${title} - ${PRODUCT[lang]}`));
  });
}

test("the first HTML's form signs in with Enter before the console's scripts have loaded", async ({
  page,
}) => {
  await setLang(page, 'zh');
  const asked = '/banner/banner_list?page=2';
  const releaseScripts = await holdScripts(page);
  await page.goto(asked, { waitUntil: 'commit' });
  const firstHtml = page.locator('#login-shell');
  const field = (key: string) => firstHtml.getByRole('textbox', { name: msg('zh', key), exact: true });
  // the picture is in the page: nothing else is needed to sign in
  await expect(firstHtml.locator('.login-captcha img')).toBeVisible();
  await field('login.account').fill('admin');
  await firstHtml.locator('#password').fill('admin123');
  await field('login.checkCode').fill('not-the-code');
  await field('login.checkCode').press('Enter');
  // refused: the login page again, still before any script, with the message in the chosen language
  await expect(firstHtml.getByText(errorCatalogue.captchaIncorrect.zh, { exact: true })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/login');
  await expect(field('login.account')).toHaveValue('admin');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(asked);

  await firstHtml.locator('#password').fill('admin123');
  await field('login.checkCode').fill(CAPTCHA_TEST_CODE);
  await field('login.checkCode').press('Enter');
  // (the page does not finish loading while its scripts are held: the address is checked as it commits)
  await page.waitForURL((url) => `${url.pathname}${url.search}` === asked, { waitUntil: 'commit' });
  // the signed-in page's spinner: the session cookie came with the answer, no script has run
  await expect(page.locator('#root > #boot-splash')).toBeAttached();
  await expect(firstHtml).toHaveCount(0);
  releaseScripts();
  await expect(frame(page, 'zh').menu).toBeVisible();
  expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(asked);
});

test('the captcha picture gives a new one when clicked', async ({ page }) => {
  await setLang(page, 'en');
  await page.goto('/login');
  const picture = page.getByRole('img', { name: msg('en', 'login.captchaImage') });
  await expect(picture).toBeVisible();
  const before = await picture.getAttribute('src');
  await page.getByRole('button', { name: msg('en', 'login.captchaRefresh') }).click();
  await expect(picture).not.toHaveAttribute('src', before ?? '');
});

test('the login page switches language in place, before and after its scripts have loaded', async ({
  page,
}) => {
  await setLang(page, 'en');
  // first on the server's static copy of the form, with the scripts held back
  const releaseScripts = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const firstHtml = page.locator('#login-shell');
  await firstHtml
    .getByRole('group', { name: msg('en', 'login.language') })
    .getByText('中文', { exact: true })
    .click();
  await expect(firstHtml.getByRole('textbox', { name: '账号', exact: true })).toBeVisible();
  releaseScripts();
  // the console takes the copy over in the language clicked, and confirms it
  await expect(firstHtml).toHaveCount(0);
  await expect(page.getByLabel('账号', { exact: true })).toBeVisible();
  await expect(page.getByText('切换语言成功')).toBeVisible();
  await expect(page).toHaveTitle(tabTitle(`登录 - ${PRODUCT.zh}`));
  // then on the console's own form
  await page
    .getByRole('group', { name: msg('zh', 'login.language') })
    .getByText('English', { exact: true })
    .click();
  await expect(page.getByLabel('Account', { exact: true })).toBeVisible();
  await expect(page.getByText('Switch Language Success')).toBeVisible();
  await expect(page).toHaveTitle(tabTitle(`Log in - ${PRODUCT.en}`));
});

test("a visitor without a session opening / gets the login page, and the frame's code only once they type", async ({
  page,
}) => {
  await setLang(page, 'en');
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/');
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === '/login?redirect=%2Fdashboard');
  await expect(page.locator('#login-shell')).toHaveCount(0);
  await expect(page.getByRole('img', { name: msg('en', 'login.captchaImage') })).toBeVisible();
  // the component library and the layout are fetched only on the way to a signed-in page: once the visitor
  // starts to sign in, while they type
  expect(fetched.filter((path) => /\/assets\/(antd|frame)-/.test(path))).toEqual([]);
  // (the frame's chunk: the layout with antd's providers, the guard's shell and the dashboard)
  const frameCode = page.waitForRequest((request) =>
    /\/assets\/frame-/.test(new URL(request.url()).pathname),
  );
  await page.getByLabel(msg('en', 'login.account'), { exact: true }).pressSequentially('ad');
  await frameCode;
});

test('a visitor whose token outlived the session cookie sees no login form on the way to the dashboard', async ({
  page,
  workerAdminToken,
}) => {
  await setLang(page, 'en');
  // the browser was closed and opened again: the token is still in local storage, the cookie is gone
  await page.addInitScript((token) => localStorage.setItem('token', token), workerAdminToken);
  const releaseScripts = await holdScripts(page);
  await page.goto('/dashboard', { waitUntil: 'commit' });
  await expect(page.locator('#login-shell')).toBeAttached();
  await expect(page.locator('#login-shell')).toBeHidden();
  releaseScripts();
  await expect(frame(page, 'en').menu).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  // the cookie is set again, so the next page load is served as signed in
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'Admin-Token')?.value).toBe(workerAdminToken);
});

test('a signed-in user opening /login goes to the dashboard', async ({ page, workerAdminToken }) => {
  await openSignedIn(page, '/dashboard', { token: workerAdminToken });
  await page.goto('/login');
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
});
