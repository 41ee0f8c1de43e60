import { SearchOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Popconfirm, Table } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { type ContentOf, callApi } from '../../api/call';
import { ignoreShownError } from '../../api/client';
import {
  ListPageHeader,
  SearchButtons,
  urlPagination,
  useKeywordListQuery,
} from '../../components/keyword-list';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { useRequirementText } from './messages';

// /buy_requirement/buy_requirement_market: authorised, effective purchase requirements, read-only. A supplier
// account sees the buyer's contact masked until its company reveals it (one of the company's monthly reveals;
// a refusal at the limit is shown by the API client); staff see every contact. The keyword and the page live
// in the URL under the list call's names; the server filters and pages.

type Lead = ContentOf<'buy_requirement_market_list'>['list'][number];

const contactLines = (lead: Lead) =>
  [lead.contactName, lead.mobile, lead.tel, lead.email].filter((v): v is string => Boolean(v));

export function MarketPage({ route }: PageProps) {
  const lang = useLang();
  const t = useRequirementText();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { query, set } = useKeywordListQuery({ maxPage: 200, maxSize: 50 });
  const [form] = Form.useForm<{ keyword?: string }>();
  useEffect(() => {
    form.setFieldsValue({ keyword: query.keyword });
  }, [form, query.keyword]);

  const leads = useQuery({
    queryKey: ['buy-requirement-market', query],
    queryFn: async () =>
      (
        await callApi('buy_requirement_market_list', {
          query: { page: query.page, size: query.size, keyword: query.keyword || undefined },
        })
      ).content,
  });

  const reveal = async (lead: Lead) => {
    const res = await callApi('buy_requirement_market_reveal', { params: { id: lead.id } }).catch(
      ignoreShownError,
    );
    if (!res?.success) return;
    message.success(t('revealed'));
    await queryClient.invalidateQueries({ queryKey: ['buy-requirement-market'] });
  };

  return (
    <div className="entity-list-page">
      <Card variant="borderless" className="entity-list-card">
        <ListPageHeader
          title={pick(route.title, lang)}
          onReload={() => void leads.refetch()}
          isLoading={leads.isFetching}
        />
        <Form
          form={form}
          layout="inline"
          className="entity-search"
          role="search"
          aria-label={t('searchForm')}
          name="buy-requirement-market-search"
          onFinish={(values) => set({ keyword: (values.keyword ?? '').trim(), page: 1 })}
        >
          <Form.Item name="keyword" label={t('keyword')}>
            <Input allowClear prefix={<SearchOutlined aria-hidden />} className="entity-search-keyword" />
          </Form.Item>
          <SearchButtons
            searchLabel={t('search')}
            resetLabel={t('reset')}
            onReset={() => {
              form.resetFields();
              set({ keyword: '', page: 1 });
            }}
          />
        </Form>
        <Table<Lead>
          rowKey="id"
          className="entity-table"
          aria-label={t('table')}
          loading={leads.isFetching}
          dataSource={leads.data?.list ?? []}
          pagination={urlPagination(query, set, leads.data?.total ?? 0, (count) => t('total', { count }))}
          columns={[
            { key: 'number', title: t('number'), dataIndex: 'requirementNo', width: 190 },
            { key: 'title', title: t('title'), dataIndex: 'title' },
            { key: 'category', title: t('category'), dataIndex: 'categoryName', width: 160 },
            { key: 'budget', title: t('budget'), dataIndex: 'budget', width: 140 },
            { key: 'country', title: t('country'), dataIndex: 'country', width: 120 },
            { key: 'company', title: t('company'), dataIndex: 'company', width: 200 },
            {
              key: 'contact',
              title: t('contact'),
              width: 220,
              render: (_, lead) => (
                <div className="requirement-contact" data-revealed={lead.isRevealed}>
                  {contactLines(lead).map((line) => (
                    <div key={line}>{line}</div>
                  ))}
                </div>
              ),
            },
            {
              key: 'endTime',
              title: t('endTime'),
              width: 170,
              render: (_, lead) => dayjs(lead.endTime).format('YYYY-MM-DD HH:mm'),
            },
            {
              key: 'leftDays',
              title: t('leftDays'),
              width: 110,
              render: (_, lead) => t('leftDaysValue', { count: lead.leftDate }),
            },
            {
              key: 'actions',
              title: t('actions'),
              width: 150,
              render: (_, lead) =>
                lead.isRevealed ? null : (
                  <Popconfirm
                    title={t('revealConfirm')}
                    okText={t('ok')}
                    cancelText={t('cancel')}
                    onConfirm={() => reveal(lead)}
                  >
                    <Button type="link" aria-label={t('revealOf', { title: lead.title })}>
                      {t('reveal')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
