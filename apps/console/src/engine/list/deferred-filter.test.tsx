import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntityListPage } from '../entity-list-page';
import { bannerRecord, listOf } from '../test/banner-fixtures';
import { fakeApi, ok, renderPage, routeNamed, signIn } from '../test/harness';
import { DeferredFilter } from './deferred-filter';

// The list's filter selects are mounted after the page's first paint: a person still gets a select that opens
// and filters, and the row actions keep their names without a tooltip component per row.

const bannerList = routeNamed('BannerList');

/** A filter whose select mounts when it is needed (the page's own timer left out). */
function KindFilter() {
  const [isReady, setReady] = useState(false);
  return (
    <Form name="list-search">
      <Form.Item name="kind" label="Kind">
        <DeferredFilter
          control={<Select mode="multiple" options={[{ value: 'a', label: 'Alpha' }]} />}
          isReady={isReady}
          onNeeded={() => flushSync(() => setReady(true))}
          isMultiple
          label="Kind"
          placeholder="Any"
        />
      </Form.Item>
    </Form>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('filters mounted after the first paint', { timeout: 60_000 }, () => {
  it('the filter select opens, takes a choice and filters the list; row actions keep their names', async () => {
    signIn();
    const api = fakeApi()
      .on('GET /api/banner/list', () =>
        ok(listOf([bannerRecord(), bannerRecord({ id: 8, title: 'Summer sale' })], { total: 2 })),
      )
      .on('GET /api/banner_position/list', () => ok(listOf([])));
    await renderPage(EntityListPage, bannerList, { url: '/banner/banner_list' });
    const table = await screen.findByRole('table');
    const row = (await within(table).findByText('Spring fair')).closest('tr')!;

    const search = screen.getByRole('search');
    const targetType = await within(search).findByRole('combobox', { name: 'Target type' });
    await userEvent.click(targetType);
    await userEvent.click(await screen.findByTitle('Web page'));
    await userEvent.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('targetType=url'));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/banner/list').at(-1)!.query.get('targetType')).toBe('url'),
    );

    // "More" is named for screen readers and shows its name on hover (the browser's tip)
    const more = within(row).getByRole('button', { name: 'More' });
    expect(more.getAttribute('title')).toBe('More');
  });

  it('before the select is mounted, a read-only box of its name stands in; focusing it brings the select', async () => {
    render(<KindFilter />);
    const box = screen.getByRole('textbox', { name: 'Kind' });
    expect(box.getAttribute('readonly')).not.toBeNull();
    expect(box.getAttribute('placeholder')).toBe('Any');
    expect(screen.queryByRole('combobox')).toBeNull();

    // the label points at it, as it will at the select
    await userEvent.click(screen.getByText('Kind'));
    const select = await screen.findByRole('combobox');
    expect(document.activeElement).toBe(select);
    expect(screen.queryByRole('textbox', { name: 'Kind' })).toBeNull();
    // and it is the select: it opens and takes a choice
    await userEvent.click(select);
    await userEvent.click(await screen.findByTitle('Alpha'));
    // the choice shows in the select's box
    expect(select.closest('.ant-select')!.textContent).toContain('Alpha');
  });
});
