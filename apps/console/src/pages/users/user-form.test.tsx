import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, renderPage, routeNamed, signIn } from '../../engine/test/harness';
import { UserFormPage } from './user-pages';

// The user form offers the console's controls: an upload for the avatar, the country list for the country; the
// add page does not speak of editing, and a buyer is not asked about a supplier company.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const itemLabelled = (label: string) =>
  screen.queryAllByText(label, { selector: 'label' })[0]?.closest('.ant-form-item') as
    | HTMLElement
    | undefined;

const buyer = {
  id: 5,
  version: 1,
  createdAt: '2025-01-02T03:04:05.000Z',
  updatedAt: '2025-01-02T03:04:05.000Z',
  account: 'buyer_lee',
  type: 'buyer',
  companyId: null,
  country: 'CN',
  avatar: null,
  status: 'enabled',
};

describe('the user form', { timeout: 60_000 }, () => {
  it('adds a user with an avatar upload, a country list and no edit-only hint', async () => {
    signIn();
    fakeApi().on('GET /api/region/countries', () => ok([]));
    await renderPage(UserFormPage, routeNamed('UserAdd'), { url: '/user/user_add' });
    const avatar = await waitFor(() => itemLabelled('Avatar')!);
    expect(avatar.querySelector('input[type="file"]')).not.toBeNull();
    expect(avatar.querySelector('input[type="text"]')).toBeNull();
    const country = itemLabelled('Country')!;
    expect(country.querySelector('[role="combobox"]')).not.toBeNull();
    expect(screen.queryByText('On edit, empty keeps the current password')).toBeNull();
  });

  it('does not show a buyer the supplier company', async () => {
    signIn();
    fakeApi()
      .on('GET /api/user_manager/5', () => ok(buyer))
      .on('GET /api/user_manager/5/interests', () => ok([]));
    await renderPage(UserFormPage, routeNamed('UserEdit'), { url: '/user/user_edit/5' });
    await screen.findByDisplayValue('buyer_lee');
    expect(itemLabelled('Supplier company ID')).toBeUndefined();
  });
});
