import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engineText } from '../../messages';
import { EntityFormPage } from '../entity-form-page';
import { bannerRecord } from '../test/banner-fixtures';
import { companyRecord, regions, vipPackageRecord } from '../test/company-fixtures';
import { ok, renderPage, routeNamed, type StoredRecord, signIn, storingApi } from '../test/harness';
import { renderValue } from '../widget-registry';
import type { CellContext } from '../widget-registry/cells';

// A long form's error summary, the form's own messages without browser bubbles, and the telephone's texts.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function itemOf(label: string): HTMLElement {
  const element = screen.getByText(label, { selector: 'label' });
  return element.closest('.ant-form-item') as HTMLElement;
}

const summary = () => document.querySelector('.entity-form-summary') as HTMLElement | null;
const summaryLines = () =>
  [...(summary()?.querySelectorAll('li') ?? [])].map((li) => li.textContent?.replace(/\s+/g, ' ').trim());

const cellContext = (lang: 'en' | 'zh'): CellContext =>
  ({ lang, t: (key: never, params?: never) => engineText(lang, key, params), mode: 'cell' }) as never;

function companyApi(record = companyRecord()) {
  return storingApi({ company: [record as StoredRecord], vip_package: [vipPackageRecord() as StoredRecord] })
    .on('GET /api/region/list_all', () => ok(regions))
    .on('GET /api/company_category/tree', () => ok({ list: [], total: 0 }));
}

describe('the form’s own messages', { timeout: 60_000 }, () => {
  it('lists the fields in error at the top after a failed save, each a link to its field', async () => {
    signIn();
    storingApi({ banner: [] });
    const route = routeNamed('BannerAdd');
    await renderPage(EntityFormPage, route, { url: '/banner/banner_add' });
    await screen.findByText('Title', { selector: 'label' });
    expect(summary()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(summary()).not.toBeNull());
    expect(within(summary()!).getByText('3 fields need correcting')).toBeTruthy();
    expect(summaryLines()).toEqual([
      'Title: Title is required',
      'Position: Please choose Position',
      'Cover image: Please upload Cover image',
    ]);
    // a link puts the keyboard on its field
    const title = within(itemOf('Title')).getByRole('textbox');
    await userEvent.click(within(summary()!).getByRole('link', { name: 'Title' }));
    expect(document.activeElement).toBe(title);
    // a corrected field leaves the list
    await userEvent.type(title, 'Spring fair');
    await waitFor(() => expect(summaryLines()).toHaveLength(2));
    expect(within(summary()!).getByText('2 fields need correcting')).toBeTruthy();
  });

  it('lists the server’s field errors too, in Chinese', async () => {
    signIn();
    const api = storingApi({ banner: [bannerRecord() as StoredRecord] }).on('PUT /api/banner/7', () => ({
      status: 400,
      body: {
        success: false,
        code: 40000,
        message: '部分字段无效',
        content: { errors: [{ path: 'title', message: '标题已被其他横幅使用' }] },
      },
    }));
    const route = routeNamed('BannerEdit');
    await renderPage(EntityFormPage, route, { url: '/banner/banner_edit/7', lang: 'zh' });
    await waitFor(() => expect(screen.getByDisplayValue('Spring fair')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/banner/7')).toHaveLength(1));
    await waitFor(() => expect(summary()).not.toBeNull());
    expect(within(summary()!).getByText('1 个字段需要修改')).toBeTruthy();
    expect(summaryLines()).toEqual(['标题：标题已被其他横幅使用']);
    await userEvent.click(within(summary()!).getByRole('link', { name: '标题' }));
    expect(document.activeElement).toBe(screen.getByDisplayValue('Spring fair'));
  });

  it('checks an email itself: a text input with an email keyboard, no browser validation', async () => {
    signIn();
    const api = companyApi();
    await renderPage(EntityFormPage, routeNamed('CompanyEdit'), { url: '/company/supplier/company_edit/1' });
    await screen.findByDisplayValue('Acme Pumps Co., Ltd.');
    const form = document.querySelector('form.entity-form') as HTMLFormElement;
    expect(form.noValidate).toBe(true);
    const email = within(itemOf('Email')).getByRole('textbox') as HTMLInputElement;
    expect(email.type).toBe('text');
    expect(email.inputMode).toBe('email');
    expect((within(itemOf('Website')).getByRole('textbox') as HTMLInputElement).type).toBe('text');
    expect((within(itemOf('Mobile')).getByRole('textbox') as HTMLInputElement).inputMode).toBe('tel');
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await within(itemOf('Email')).findByText('Email must be an email address')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/company/1')).toHaveLength(0);
  });

  it.each([
    {
      lang: 'en' as const,
      labels: { phone: 'Phone', mobile: 'Mobile', telephone: 'Telephone' },
      help: {
        phone: 'The number buyers call, in any format, e.g. +86 21 6234 5678',
        mobile: 'The contact person’s mobile, e.g. 13800000000',
        telephone: 'The office landline: area code (e.g. 021, 0755) and number, e.g. 021-62345678',
      },
      area: 'Telephone: area code',
    },
    {
      lang: 'zh' as const,
      labels: { phone: '电话', mobile: '手机', telephone: '固定电话' },
      help: {
        phone: '买家拨打的联系电话，格式不限，例如 +86 21 6234 5678',
        mobile: '联系人的手机号，例如 13800000000',
        telephone: '办公室固定电话：区号（如 021、0755）和号码，例如 021-62345678',
      },
      area: '固定电话：区号',
    },
  ])('says what phone, mobile and telephone are for ($lang)', async ({ lang, labels, help, area }) => {
    signIn();
    companyApi(companyRecord({ telphone: '021-62345678' }));
    await renderPage(EntityFormPage, routeNamed('CompanyEdit'), {
      url: '/company/supplier/company_edit/1',
      lang,
    });
    await screen.findByDisplayValue('Acme Pumps Co., Ltd.');
    const extra = (label: string) =>
      itemOf(label).querySelector('.ant-form-item-extra')?.textContent?.replace(/'/g, '’');
    expect(extra(labels.phone)).toBe(help.phone);
    expect(extra(labels.mobile)).toBe(help.mobile);
    expect(extra(labels.telephone)).toBe(help.telephone);
    // the area part is a city's area code, not a country code
    const areaInput = within(itemOf(labels.telephone)).getByRole('textbox', {
      name: area,
    }) as HTMLInputElement;
    expect(areaInput.value).toBe('021');
    expect(areaInput.placeholder).toBe('021');
    await userEvent.clear(areaInput);
    fireEvent.click(screen.getByRole('button', { name: lang === 'en' ? /Save/ : /保\s*存/ }));
    expect(
      await within(itemOf(labels.telephone)).findByText(
        lang === 'en'
          ? 'Write the landline as area code-number, e.g. 021-62345678'
          : '固定电话格式为 区号-号码，例如 021-62345678',
      ),
    ).toBeTruthy();
  });

  it('shows an amount with its currency (CNY, ¥) in the form and in the list cell', async () => {
    signIn();
    storingApi({ vip_package: [vipPackageRecord({ price: 1280 }) as StoredRecord] });
    await renderPage(EntityFormPage, routeNamed('VipPackageEdit'), {
      url: '/company/vip_package/vip_package_edit/2',
    });
    await waitFor(() => expect(screen.getByDisplayValue('1280.00')).toBeTruthy());
    const price = itemOf('Price');
    expect(price.querySelector('.ant-input-number-prefix')?.textContent).toBe('¥');
    expect(renderValue({ name: 'price', kind: 'money' } as never, 1280, cellContext('en'))).toBe('¥1,280.00');
    expect(renderValue({ name: 'price', kind: 'money' } as never, 1280, cellContext('zh'))).toBe('¥1,280.00');
  });
});
