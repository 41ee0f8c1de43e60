import { POINT_ACTION_LABELS, type PointAction } from '@organiser/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Table, Typography } from 'antd';
import { useEffect } from 'react';
import { callApi } from '../../api/call';
import { ignoreShownError } from '../../api/client';
import { entityKeys } from '../../api/query-keys';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { hasResourcePermission, useSession } from '../../state/session';
import { usePointsText } from './messages';

// /user_vip_package/user_point_rule_editAll: the seven point rules on one screen, saved in one call
// (`POST /api/user_point_rule/save_all`, one transaction on the server). A refused value shows on its row.

type Rule = {
  id: number;
  version: number;
  action: PointAction;
  points: number;
  maxTimesPerDay: number;
  remark: string | null;
};

const RULES_KEY = [...entityKeys.all('user_point_rule'), 'editAll'] as const;

/** `rules.3.points` → the form's name of that row's input. */
const fieldName = (path: string): (string | number)[] =>
  path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

export function UserPointRuleEditAllPage({ route }: PageProps) {
  const t = usePointsText();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  const mayEdit = hasResourcePermission({ roles, permissions }, 'POST', '/api/user_point_rule/save_all');
  const rules = useQuery({
    queryKey: RULES_KEY,
    queryFn: async () =>
      ((await callApi('user_point_rule_list', { query: { size: 50 } })).content as { list: Rule[] }).list,
  });
  useEffect(() => {
    if (rules.data) form.setFieldsValue({ rules: rules.data });
  }, [rules.data, form]);

  const save = async () => {
    const sent = (form.getFieldValue('rules') as Rule[]).map((r) => ({
      id: r.id,
      version: r.version,
      points: r.points,
      maxTimesPerDay: r.maxTimesPerDay,
      remark: r.remark ?? null,
    }));
    // every row's earlier message goes before the new answer's
    form.setFields(
      sent.flatMap((_, i) =>
        ['points', 'maxTimesPerDay', 'remark'].map((f) => ({ name: ['rules', i, f], errors: [] })),
      ),
    );
    const res = await callApi('user_point_rule_save_all', { body: { rules: sent } }).catch(ignoreShownError);
    if (!res) return;
    if (!res.success) {
      const errors = (res.content as { errors?: { path: string; message: string }[] } | null)?.errors ?? [];
      form.setFields(errors.map((e) => ({ name: fieldName(e.path) as never, errors: [e.message] })));
      return;
    }
    message.success(t('rules.saved'));
    await queryClient.invalidateQueries({ queryKey: entityKeys.all('user_point_rule') });
  };

  const cell = (name: string, input: React.ReactNode) => (_: unknown, __: Rule, index: number) => (
    <Form.Item name={[index, name]} style={{ margin: 0 }}>
      {input}
    </Form.Item>
  );

  return (
    <Card title={<h1 className="app-page-title">{route.title[lang]}</h1>}>
      <Typography.Paragraph type="secondary">{t('rules.help')}</Typography.Paragraph>
      <Form form={form} onFinish={() => void save()} disabled={!mayEdit}>
        <Form.List name="rules">
          {() => (
            <Table<Rule>
              rowKey="id"
              size="middle"
              pagination={false}
              loading={rules.isLoading}
              dataSource={rules.data ?? []}
              columns={[
                {
                  title: t('rules.action'),
                  dataIndex: 'action',
                  width: 240,
                  render: (a: PointAction) => POINT_ACTION_LABELS[a]?.[lang] ?? a,
                },
                {
                  title: t('rules.points'),
                  key: 'points',
                  width: 160,
                  render: cell('points', <InputNumber aria-label={t('rules.points')} precision={0} />),
                },
                {
                  title: t('rules.maxTimes'),
                  key: 'maxTimesPerDay',
                  width: 180,
                  render: cell(
                    'maxTimesPerDay',
                    <InputNumber aria-label={t('rules.maxTimes')} precision={0} />,
                  ),
                },
                {
                  title: t('rules.remark'),
                  key: 'remark',
                  render: cell('remark', <Input aria-label={t('rules.remark')} maxLength={500} />),
                },
              ]}
            />
          )}
        </Form.List>
        {mayEdit && (
          <Button type="primary" htmlType="submit" style={{ marginTop: 16 }}>
            {t('rules.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
