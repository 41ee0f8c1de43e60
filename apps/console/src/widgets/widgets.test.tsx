import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { companyRecord } from '../engine/test/company-fixtures';
import { fakeApi, fakeUploads, ok, Providers, publicConfig, signIn } from '../engine/test/harness';
import { changeLanguage } from '../i18n/i18n';
import { BilingualPair } from './bilingual-pair';
import { DictLabel, DictLabels, DictSelect } from './dict-select';
import { RelationSelect } from './relation-select';
import { RichTextEditor } from './rich-text/rich-text-editor';
import { buildTree } from './tree-select';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderIn(ui: React.ReactNode) {
  await changeLanguage('en');
  signIn();
  return render(
    <Providers
      config={publicConfig()}
      lang="en"
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      {ui}
    </Providers>,
  );
}

describe('RelationSelect', () => {
  it('searches the related entity by keyword and labels records in the user’s language', async () => {
    const api = fakeApi().on('GET /api/banner_position/list', (call) =>
      ok({
        list: call.query.get('keyword')
          ? [
              {
                id: 3,
                version: 1,
                code: 'home_top',
                enName: 'Home page top',
                zhName: '首页顶部',
                sizeHint: '1200x240',
              },
            ]
          : [],
        total: 1,
        page: 1,
        size: 20,
      }),
    );
    const onChange = vi.fn();
    await renderIn(
      <RelationSelect
        entity="banner_position"
        aria-label="Position"
        onChange={onChange}
        initialLabels={{}}
      />,
    );
    const box = screen.getByRole('combobox', { name: 'Position' });
    await userEvent.click(box);
    await userEvent.type(box, 'home');
    await waitFor(() => expect(api.calls.some((c) => c.query.get('keyword') === 'home')).toBe(true));
    await userEvent.click(await screen.findByText('Home page top'));
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it('shows a found company with its logo and flags one whose audit refused it', async () => {
    fakeApi().on('GET /api/company/list', () =>
      ok({
        list: [
          companyRecord({ id: 1, name: 'Acme Pumps', logo: '2025/05/acme.png', auditStatus: 'passed' }),
          companyRecord({ id: 2, name: 'Acme Valves', logo: null, auditStatus: 'refused' }),
        ],
        total: 2,
        page: 1,
        size: 20,
      }),
    );
    await renderIn(<RelationSelect entity="company" aria-label="Company" initialLabels={{}} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Company' }));
    const pumps = (await screen.findByText('Acme Pumps')).closest('.ant-select-item-option') as HTMLElement;
    const valves = screen.getByText('Acme Valves').closest('.ant-select-item-option') as HTMLElement;
    expect(pumps.querySelector('img')?.getAttribute('src')).toMatch(/2025\/05\/acme\.png$/);
    expect(within(pumps).queryByText('Refused')).toBeNull();
    expect(valves.querySelector('img')).toBeNull();
    expect(within(valves).getByText('Refused')).toBeTruthy();
  });

  it('greys out the other options once the maximum is chosen, and says why', async () => {
    const tag = (id: number, name: string) => ({ id, version: 1, name, status: 'enabled' });
    fakeApi().on('GET /api/company_tag/list', () =>
      ok({ list: [tag(1, 'Gold'), tag(2, 'Silver'), tag(3, 'Bronze')], total: 3, page: 1, size: 20 }),
    );
    const onChange = vi.fn();
    const { rerender } = await renderIn(
      <RelationSelect
        entity="company_tag"
        aria-label="Tags"
        isMultiple
        maxCount={2}
        value={[1]}
        onChange={onChange}
        initialLabels={{ 1: 'Gold' }}
      />,
    );
    const option = (name: string) =>
      screen
        .getByText(name, { selector: '.ant-select-item-option-content' })
        .closest('.ant-select-item-option')!;
    await userEvent.click(screen.getByRole('combobox', { name: 'Tags' }));
    await waitFor(() => expect(option('Bronze')).toBeTruthy());
    // one of two chosen: every option can be chosen, no hint
    expect(option('Bronze').getAttribute('aria-disabled')).not.toBe('true');
    expect(screen.queryByText('At most 2 can be chosen: remove one to choose another')).toBeNull();
    rerender(
      <Providers
        config={publicConfig()}
        lang="en"
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <RelationSelect
          entity="company_tag"
          aria-label="Tags"
          isMultiple
          maxCount={2}
          value={[1, 2]}
          onChange={onChange}
          initialLabels={{ 1: 'Gold', 2: 'Silver' }}
        />
      </Providers>,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Tags' }));
    expect(await screen.findByText('At most 2 can be chosen: remove one to choose another')).toBeTruthy();
    await waitFor(() => expect(option('Bronze').getAttribute('aria-disabled')).toBe('true'));
    expect(option('Bronze').classList.contains('ant-select-item-option-disabled')).toBe(true);
    // the chosen ones stay enabled, so they can be removed
    expect(option('Gold').classList.contains('ant-select-item-option-disabled')).toBe(false);
    await userEvent.click(option('Bronze'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers { id, label } from the options route to a user who may not read the related list', async () => {
    const api = fakeApi().on('GET /api/company_tag/options', (call) =>
      ok(call.query.get('keyword') === 'gold' ? [{ id: 4, label: 'Gold supplier' }] : []),
    );
    const onChange = vi.fn();
    await changeLanguage('en');
    // a supplier: its company's menus only, not the company-tag list
    signIn({
      roles: ['supplier'],
      type: 'company',
      permissions: [{ type: 'menu', url: '/company/company_list' }],
    });
    render(
      <Providers
        config={publicConfig()}
        lang="en"
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <RelationSelect entity="company_tag" aria-label="Tags" onChange={onChange} initialLabels={{}} />
      </Providers>,
    );
    const box = screen.getByRole('combobox', { name: 'Tags' });
    await userEvent.click(box);
    await userEvent.type(box, 'gold');
    await userEvent.click(await screen.findByText('Gold supplier'));
    expect(onChange).toHaveBeenCalledWith(4);
    expect(api.calls.some((c) => c.path.endsWith('/company_tag/list'))).toBe(false);
  });

  it('shows the label of the current value before any search', async () => {
    fakeApi();
    await renderIn(
      <RelationSelect entity="banner_position" value={5} initialLabels={{ 5: 'Mobile home page' }} />,
    );
    expect(screen.getByText('Mobile home page')).toBeTruthy();
  });
});

describe('RichTextEditor', () => {
  it('shows stored HTML reduced to the allow-list, with a labelled toolbar and a source view', async () => {
    const onChange = vi.fn();
    await renderIn(
      <RichTextEditor
        label="Content"
        value={'<p>Hi <b>there</b><script>steal()</script><img src="x" onerror="steal()"></p>'}
        onChange={onChange}
      />,
    );
    const area = screen.getByRole('textbox', { name: 'Content' });
    expect(area.innerHTML).toBe('<p>Hi <b>there</b><img src="x"></p>');
    const toolbar = screen.getByRole('toolbar', { name: 'Content: Formatting' });
    for (const name of ['Bold', 'Italic', 'Bulleted list', 'Link', 'Insert image']) {
      expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
    }
    await userEvent.click(within(toolbar).getByRole('button', { name: /HTML source/ }));
    expect((screen.getByRole('textbox', { name: 'Content' }) as HTMLTextAreaElement).value).toContain(
      '<script>',
    );
  });
});

describe('RichTextEditor image', () => {
  it('inserts an image through the console’s upload control, not a bare file input', async () => {
    const urls = fakeUploads(() => '2026/11/pump.png');
    await renderIn(<RichTextEditor label="Content" value="<p>Pump</p>" onChange={() => {}} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Content: Formatting' });
    const inputs = [...document.querySelectorAll('input[type="file"]')];
    expect(inputs).toHaveLength(1);
    // antd's upload: its trigger is the toolbar's "Insert image" button, its file input is its own
    expect(inputs[0]!.closest('.ant-upload')).not.toBeNull();
    expect(toolbar.contains(inputs[0]!)).toBe(true);
    await userEvent.upload(
      inputs[0] as HTMLInputElement,
      new File(['png'], 'pump.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0]).toMatch(/\/oss\/upload/);
  });
});

describe('tree and pair widgets', () => {
  it('builds a tree in which a node cannot move under itself or its descendants', () => {
    const tree = buildTree(
      [
        { id: 1, parentId: null, label: 'Machinery' },
        { id: 2, parentId: 1, label: 'Pumps' },
        { id: 3, parentId: 2, label: 'Water pumps' },
        { id: 4, parentId: null, label: 'Textiles' },
      ],
      2,
    );
    expect(tree.map((n) => n.title)).toEqual(['Machinery', 'Textiles']);
    const pumps = tree[0]!.children[0]!;
    expect(pumps.disabled).toBe(true);
    expect(pumps.children[0]!.disabled).toBe(true);
    expect(tree[0]!.disabled).toBe(false);
  });

  it('frames the two languages of a field as one group', async () => {
    await renderIn(
      <BilingualPair
        label="Name"
        en={<input aria-label="Name (English)" />}
        zh={<input aria-label="Name (Chinese)" />}
      />,
    );
    const group = screen.getByRole('group', { name: 'Name' });
    expect(within(group).getByLabelText('Name (English)')).toBeTruthy();
    expect(within(group).getByLabelText('Name (Chinese)')).toBeTruthy();
  });
});

describe('DictSelect', () => {
  const items = [
    { value: 'textile', label: { en: 'Textiles', zh: '纺织' } },
    { value: 'toys', label: { en: 'Toys', zh: '玩具' } },
  ];

  it('offers the enabled items of its dictionary, picks a value and clears it', async () => {
    const api = fakeApi().on('GET /api/dictionary/company_industry/items', () => ok(items));
    const onChange = vi.fn();
    await renderIn(
      <DictSelect
        dict="company_industry"
        lang="en"
        value={null}
        onChange={onChange}
        allowClear
        aria-label="Industry"
      />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Industry' }));
    await userEvent.click(await screen.findByText('Toys'));
    expect(onChange).toHaveBeenLastCalledWith('toys');
    expect(api.callsTo('GET', '/api/dictionary/company_industry/items')).toHaveLength(1);
  });

  it('shows a stored value as its item’s label, and an unknown one as itself', async () => {
    fakeApi().on('GET /api/dictionary/company_industry/items', () => ok(items));
    await renderIn(
      <>
        <DictLabel dict="company_industry" value="textile" lang="zh" />|
        <DictLabel dict="company_industry" value="gone" lang="zh" />
      </>,
    );
    expect(await screen.findByText(/纺织/)).toBeTruthy();
    expect(screen.getByText(/gone/)).toBeTruthy();
  });

  const languages = [
    { value: 'en', label: { en: 'English', zh: '英语' } },
    { value: 'zh', label: { en: 'Chinese', zh: '中文' } },
    { value: 'ja', label: { en: 'Japanese', zh: '日语' } },
  ];

  it('chooses several values, labelled in Chinese in the Chinese console; a stored disabled one shows marked', async () => {
    fakeApi().on('GET /api/dictionary/company_language/items', () => ok(languages));
    const onChange = vi.fn();
    await changeLanguage('zh');
    signIn();
    render(
      <Providers
        config={publicConfig()}
        lang="zh"
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <DictSelect
          dict="company_language"
          lang="zh"
          isMultiple
          maxCount={3}
          value={['zh', 'gone']}
          onChange={onChange}
          aria-label="语言"
        />
      </Providers>,
    );
    const select = screen.getByRole('combobox', { name: '语言' });
    expect(await screen.findByText('中文')).toBeTruthy();
    expect(screen.getByText('gone（已停用）')).toBeTruthy();
    expect(screen.queryByText('Chinese')).toBeNull();
    await userEvent.click(select);
    await userEvent.click(await screen.findByText('日语'));
    expect(onChange).toHaveBeenLastCalledWith(['zh', 'gone', 'ja']);
    await changeLanguage('en');
  });

  it('shows a stored list as tags of its items’ labels in the reader’s language, an unknown value as itself', async () => {
    fakeApi().on('GET /api/dictionary/company_language/items', () => ok(languages));
    await renderIn(<DictLabels dict="company_language" value={['ja', 'en', 'Swahili']} lang="zh" />);
    expect(await screen.findByText('日语')).toBeTruthy();
    expect(screen.getByText('英语')).toBeTruthy();
    expect(screen.getByText('Swahili')).toBeTruthy();
  });
});
