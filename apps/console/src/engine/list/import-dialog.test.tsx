import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntityListPage } from '../entity-list-page';
import { bannerRecord, listOf } from '../test/banner-fixtures';
import { fakeApi, fakeUploads, ok, renderPage, routeNamed, signIn } from '../test/harness';

const bannerList = routeNamed('BannerList');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const report = {
  total: 2,
  valid: 1,
  invalid: 1,
  created: 0,
  updated: 0,
  ignoredColumns: ['Colour'],
  rows: [
    { row: 2, id: null, action: 'create', errors: [] },
    { row: 3, id: null, action: 'create', errors: [{ path: 'title', message: 'Title is required' }] },
  ],
};

/** Answers the check with the report, and the import with the report of what it wrote. */
const fakeImport = () =>
  fakeUploads((url) =>
    url.endsWith('dryRun=true') ? { ...report, dryRun: true } : { ...report, dryRun: false, created: 1 },
  );

describe('ImportDialog (banner)', { timeout: 60_000 }, () => {
  it('checks the file first, shows the report row by row, then imports the valid rows', async () => {
    signIn();
    fakeApi()
      .on('GET /api/banner/list', () => ok(listOf([bannerRecord()])))
      .on('GET /api/banner_position/list', () => ok(listOf([])));
    const urls = fakeImport();
    await renderPage(EntityListPage, bannerList, { url: '/banner/banner_list' });
    await screen.findByText('Spring fair');
    await userEvent.click(screen.getByRole('button', { name: /Import/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Download the template')).toBeTruthy();
    // the first step's title and the drop zone's prompt
    expect(within(dialog).getAllByText('Choose a file')).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();

    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['title\nSpring'], 'banners.csv', { type: 'text/csv' }));
    await within(dialog).findByText('Title is required');
    expect(urls).toEqual([expect.stringMatching(/\/api\/banner\/import\?dryRun=true$/)]);
    expect(within(dialog).getByText('1 row can be imported, 1 row has a problem')).toBeTruthy();
    expect(within(dialog).getByText('Columns left out (no such field): Colour')).toBeTruthy();
    expect(within(dialog).getByText('Add')).toBeTruthy();
    expect(within(dialog).getByText('Problem')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Choose another file' })).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 1 row' }));
    await waitFor(() => expect(urls).toHaveLength(2));
    expect(urls[1]).toMatch(/\/api\/banner\/import\?dryRun=false$/);
    await screen.findByText('1 row imported');
  });

  it('refuses a file that is not a spreadsheet without sending it', async () => {
    signIn();
    fakeApi()
      .on('GET /api/banner/list', () => ok(listOf([bannerRecord()])))
      .on('GET /api/banner_position/list', () => ok(listOf([])));
    const urls = fakeImport();
    await renderPage(EntityListPage, bannerList, { url: '/banner/banner_list' });
    await screen.findByText('Spring fair');
    await userEvent.click(screen.getByRole('button', { name: /Import/ }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/csv' }), { applyAccept: false });
    await screen.findByText('Choose an .xlsx or .csv file');
    expect(urls).toHaveLength(0);
  });
});
