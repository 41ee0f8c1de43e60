import { buyRequirement, errorCatalogue, type Lang } from '@organiser/domain';
import type { Page } from '@playwright/test';
import {
  en as requirementEn,
  zh as requirementZh,
} from '../../../apps/console/src/pages/requirements/messages';
import { buttonName, expect, login, test } from '../../fixtures';
import { apiCall, createCompany, LOAD, rowOf, texts, uniqueToken } from '../suppliers/helpers';

// Purchase requirements in both languages: staff authorise a requirement on its list and the matching
// company's mail is in the email log; that company's supplier account reveals buyer contacts on its purchase
// leads screen until its monthly limit refuses the next one.

const leadTexts = { en: requirementEn, zh: requirementZh };
const DAY_MS = 86_400_000;

type Rec = { id: number; [key: string]: unknown };

async function confirmDialog(page: Page, okLabel: string) {
  const dialog = page.getByRole('dialog').last();
  await dialog.getByRole('button', { name: buttonName(okLabel) }).click();
  await expect(dialog).toBeHidden();
}

/** Runs a row action: a button of its own, or an entry of the row's "More" menu. */
async function rowAction(page: Page, rowText: string, label: string, lang: Lang) {
  const row = rowOf(page, rowText);
  const direct = row.getByRole('button', { name: buttonName(label) });
  if (await direct.count()) await direct.click();
  else {
    await row.getByRole('button', { name: buttonName(texts[lang]['list.more']) }).click();
    await page.getByRole('menuitem', { name: label }).click();
  }
}

for (const lang of ['en', 'zh'] as const) {
  test(`staff authorise a requirement, the matching company is mailed and reveals contacts up to its limit (${lang})`, async ({
    page,
    request,
    adminToken,
  }) => {
    test.setTimeout(240_000);
    const token = uniqueToken(`rq${lang}`);
    const password = 'Supplier2025';
    const category = await apiCall<Rec>(request, adminToken, 'POST', '/product_category', {
      name: `${token} pumps`,
    });
    const own = await createCompany(request, adminToken, {
      name: `${token} Pumps Ltd.`,
      account: token,
      password,
    });
    await apiCall(request, adminToken, 'PUT', `/company/${own.id}`, {
      version: own.version,
      productCategoryIds: [category.id],
      buyRequirementAuthLimit: 1,
    });
    const buyer = await apiCall<Rec>(request, adminToken, 'POST', '/user_manager', {
      account: `${token}b`,
      password: 'Buyer12345',
      type: 'buyer',
    });
    const requirement = (title: string, mobile: string) =>
      apiCall<Rec>(request, adminToken, 'POST', '/buy_requirement', {
        title,
        categoryId: category.id,
        userId: buyer.id,
        endTime: new Date(Date.now() + 20 * DAY_MS).toISOString(),
        contactName: 'Ade Okafor',
        mobile,
        email: `${token}@buyer.example`,
      });
    const first = await requirement(`${token} first lead`, '13800001111');
    const second = await requirement(`${token} second lead`, '13800002222');
    await apiCall(request, adminToken, 'POST', `/buy_requirement/authorise/${second.id}`, {});

    // staff authorise the first on the list
    await login(page, { lang, redirect: `/buy_requirement/buy_requirement_list?keyword=${token}` });
    await expect(rowOf(page, String(first.title))).toBeVisible(LOAD);
    const authorise = buyRequirement.actions.authorise!.label[lang];
    await rowAction(page, String(first.title), authorise, lang);
    await confirmDialog(page, authorise);
    const authorisedLabel = lang === 'en' ? 'Authorised' : '已授权';
    await expect(
      rowOf(page, String(first.title)).locator('.ant-tag', { hasText: authorisedLabel }),
    ).toBeVisible(LOAD);

    // the matching company's mail is in the email log
    await page.goto('/systemManage/email_log_list');
    await expect(rowOf(page, String(own.email)).first()).toBeVisible(LOAD);
    await expect(rowOf(page, String(own.email)).first()).toContainText(String(first.title));

    // the supplier account: contacts masked, one reveal, then the limit
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await login(page, { lang, account: token, password });
    const t = leadTexts[lang];
    await page.goto(`/buy_requirement/buy_requirement_market?keyword=${token}`);
    const firstRow = rowOf(page, String(first.title));
    const secondRow = rowOf(page, String(second.title));
    await expect(firstRow).toBeVisible(LOAD);
    await expect(firstRow).not.toContainText('13800001111');
    await expect(firstRow).toContainText('1********11');
    await firstRow
      .getByRole('button', { name: t.revealOf.replace('{{title}}', String(first.title)) })
      .click();
    await confirmPop(page, t.ok);
    await expect(firstRow).toContainText('13800001111', LOAD);
    await expect(firstRow).toContainText('Ade Okafor');
    await secondRow
      .getByRole('button', { name: t.revealOf.replace('{{title}}', String(second.title)) })
      .click();
    await confirmPop(page, t.ok);
    await expect(page.getByText(errorCatalogue.limitExceed[lang]).first()).toBeVisible(LOAD);
    await expect(secondRow).not.toContainText('13800002222');
  });
}

async function confirmPop(page: Page, okLabel: string) {
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: buttonName(okLabel) })
    .click();
}
