import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntityFormPage } from './entity-form-page';
import { bannerRecord, listOf } from './test/banner-fixtures';
import { fakeApi, ok, publicConfig, renderPage, routeNamed, signIn } from './test/harness';

const bannerAdd = routeNamed('BannerAdd');
const bannerEdit = routeNamed('BannerEdit');

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The Form.Item around a labelled field. */
function itemOf(label: string): HTMLElement {
  const element = screen.getByText(label, { selector: 'label' });
  return element.closest('.ant-form-item') as HTMLElement;
}

const isMarkedRequired = (label: string) =>
  screen.getByText(label, { selector: 'label' }).classList.contains('ant-form-item-required');

/** Save is guarded against re-clicks for 3 s: tests move the clock past it between submits. */
async function save() {
  fireEvent.click(screen.getByRole('button', { name: /Save|保\s*存/ }));
}

describe('EntityFormPage (banner)', { timeout: 60_000 }, () => {
  it('marks as required only the visible required fields of the field policy', async () => {
    signIn();
    const api = fakeApi();
    const config = publicConfig({
      fieldPolicy: { banner: { hidden: ['title', 'coverImg'], required: ['remark'] } },
    });
    await renderPage(EntityFormPage, bannerAdd, { url: '/banner/banner_add', config });
    await screen.findByText('Position', { selector: 'label' });
    // hidden fields are not on the form at all
    expect(screen.queryByText('Title', { selector: 'label' })).toBeNull();
    expect(screen.queryByText('Cover image', { selector: 'label' })).toBeNull();
    expect(isMarkedRequired('Position')).toBe(true);
    expect(isMarkedRequired('Remark')).toBe(true);
    expect(isMarkedRequired('Sort weight')).toBe(false);
    // computed fields are left out of the add form
    expect(screen.queryByText('Clicks', { selector: 'label' })).toBeNull();

    await save();
    expect(await within(itemOf('Remark')).findByText('Remark is required')).toBeTruthy();
    expect(within(itemOf('Position')).getByText('Please choose Position')).toBeTruthy();
    // a hidden required field is not required: no message for it, and nothing was sent yet
    expect(screen.queryByText('Title is required')).toBeNull();
    expect(screen.queryByText('Please upload Cover image')).toBeNull();
    expect(api.callsTo('POST', '/api/banner')).toHaveLength(0);
  });

  it('starts a new record with the values a link to the add page names, which the user may change', async () => {
    signIn();
    fakeApi();
    await renderPage(EntityFormPage, bannerAdd, {
      url: '/banner/banner_add?title=Spring%20fair&sortNo=7&bogus=1',
    });
    const title = within(await waitFor(() => itemOf('Title'))).getByRole('textbox');
    await waitFor(() => expect((title as HTMLInputElement).value).toBe('Spring fair'));
    expect((within(itemOf('Sort weight')).getByRole('spinbutton') as HTMLInputElement).value).toBe('7');
    await userEvent.clear(title);
    await userEvent.type(title, 'Autumn fair');
    expect((title as HTMLInputElement).value).toBe('Autumn fair');
  });

  it('shows the kit’s validation messages in English and in Chinese', async () => {
    signIn();
    fakeApi();
    const first = await renderPage(EntityFormPage, bannerAdd, { url: '/banner/banner_add' });
    await screen.findByText('Title', { selector: 'label' });
    await save();
    expect(await within(itemOf('Title')).findByText('Title is required')).toBeTruthy();
    expect(within(itemOf('Cover image')).getByText('Please upload Cover image')).toBeTruthy();
    // requiredIf: a web page target needs its URL; compare: the end date cannot be before the start
    await userEvent.type(within(itemOf('Target URL')).getByRole('textbox'), 'not a url');
    await waitFor(() =>
      expect(within(itemOf('Target URL')).getByText('Target URL must be a web address')).toBeTruthy(),
    );
    first.unmount();

    await renderPage(EntityFormPage, bannerAdd, { url: '/banner/banner_add', lang: 'zh' });
    await screen.findByText('标题', { selector: 'label' });
    await save();
    expect(await within(itemOf('标题')).findByText('请填写标题')).toBeTruthy();
    expect(within(itemOf('位置')).getByText('请选择位置')).toBeTruthy();
    expect(within(itemOf('封面图')).getByText('请上传封面图')).toBeTruthy();
  });

  it('puts the server’s field errors on their fields, and the others above the form', async () => {
    signIn();
    const api = fakeApi()
      .on('GET /api/banner/7', () => ok(bannerRecord()))
      .on('PUT /api/banner/7', () => ({
        status: 400,
        body: {
          success: false,
          code: 40000,
          message: 'Some fields are not valid',
          content: {
            errors: [
              { path: 'title', message: 'Title is already used by another banner' },
              { path: 'owner', message: 'The owner is unknown' },
            ],
          },
        },
      }));
    await renderPage(EntityFormPage, bannerEdit, { url: '/banner/banner_edit/7' });
    const title = within(await waitFor(() => itemOf('Title'))).getByRole('textbox') as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe('Spring fair'));
    await userEvent.clear(title);
    await userEvent.type(title, 'Autumn fair');
    await save();
    expect(await within(itemOf('Title')).findByText('Title is already used by another banner')).toBeTruthy();
    expect(screen.getByText('The owner is unknown')).toBeTruthy();
    expect(screen.getByText('Please correct the marked fields')).toBeTruthy();
    // the body: editable visible fields and the version read; no computed or status fields
    const body = api.callsTo('PUT', '/api/banner/7')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      version: 3,
      title: 'Autumn fair',
      position: 2,
      coverImg: '2025/05/cover.png',
    });
    expect(body).not.toHaveProperty('clickNum');
    expect(body).not.toHaveProperty('status');
    expect(body).not.toHaveProperty('displayStatus');
    // fixing the field clears its server message
    await userEvent.type(title, '!');
    await waitFor(() =>
      expect(within(itemOf('Title')).queryByText('Title is already used by another banner')).toBeNull(),
    );
  });

  it('reports a stale version (409) clearly and reloads the latest one', async () => {
    signIn();
    let version = 3;
    const api = fakeApi()
      .on('GET /api/banner/7', () =>
        ok(
          bannerRecord({ version, title: version === 3 ? 'Spring fair' : 'Spring fair (edited elsewhere)' }),
        ),
      )
      .on('PUT /api/banner/7', () => {
        version = 4;
        return {
          status: 409,
          body: {
            success: false,
            code: 40901,
            message: 'The record was changed by someone else',
            content: null,
          },
        };
      });
    await renderPage(EntityFormPage, bannerEdit, { url: '/banner/banner_edit/7' });
    const title = within(await waitFor(() => itemOf('Title'))).getByRole('textbox') as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe('Spring fair'));
    await userEvent.type(title, ' 2025');
    await save();
    expect(await screen.findByText('Someone else changed this record')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload the latest version' }));
    await waitFor(() =>
      expect((within(itemOf('Title')).getByRole('textbox') as HTMLInputElement).value).toBe(
        'Spring fair (edited elsewhere)',
      ),
    );
    expect(screen.queryByText('Someone else changed this record')).toBeNull();
    expect(api.callsTo('GET', '/api/banner/7').length).toBeGreaterThanOrEqual(2);
  });

  it('saves with the version read and goes back to the list with its URL state', async () => {
    signIn();
    const api = fakeApi()
      .on('GET /api/banner/7', () => ok(bannerRecord()))
      .on('PUT /api/banner/7', () => ok(bannerRecord({ version: 4, title: 'Spring fair 2025' })))
      .on('GET /api/banner/list', () => ok(listOf([])));
    const { tagsStore } = await import('../state/tags-view');
    const page = await renderPage(EntityFormPage, bannerEdit, { url: '/banner/banner_edit/7' });
    tagsStore.set([
      {
        path: '/banner/banner_list',
        fullPath: '/banner/banner_list?status=enabled&page=2',
        name: 'BannerList',
        title: { en: '', zh: '' },
        affix: false,
        noCache: false,
        version: 0,
      },
    ]);
    const title = within(await waitFor(() => itemOf('Title'))).getByRole('textbox') as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe('Spring fair'));
    await userEvent.type(title, ' 2025');
    await save();
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/banner/banner_list'));
    expect(page.router.state.location.search).toBe('?status=enabled&page=2');
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect((api.callsTo('PUT', '/api/banner/7')[0]!.body as { version: number }).version).toBe(3);
  });

  it('asks before leaving with unsaved changes', async () => {
    signIn();
    fakeApi().on('GET /api/banner/7', () => ok(bannerRecord()));
    const page = await renderPage(EntityFormPage, bannerEdit, { url: '/banner/banner_edit/7' });
    const title = within(await waitFor(() => itemOf('Title'))).getByRole('textbox') as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe('Spring fair'));
    await userEvent.type(title, ' changed');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy();
    expect(
      within(dialog).getByText('Your changes on this page have not been saved and will be lost.'),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(page.router.state.location.pathname).toBe('/banner/banner_edit/7');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/banner/banner_list'));
  });
});
