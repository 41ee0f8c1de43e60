import { type EntityRecord, getEntity, recordLabel } from '@organiser/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { entityApi } from '../../api/entity-api';
import { entityKeys } from '../../api/query-keys';
import { ChildList } from '../../engine/child-list';
import { listReturnPath } from '../../engine/return-path';
import { useScope } from '../../engine/scope';
import type { ListSlots } from '../../engine/slots';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { useSupplierText } from './messages';
import '../../engine/entity-screens.css';
import './suppliers.css';

const ENTITY = 'customer_service';
/** The columns the contacts show, in this order. */
const COLUMNS = ['name', 'mobile', 'position', 'email', 'avatar', 'status', 'isDefault'] as const;

/** The flag with exactly one holder per company (the default contact). */
const defaultField = (() => {
  const def = getEntity(ENTITY);
  const entry = Object.entries(def?.fields ?? {}).find(([, f]) => f.kind === 'boolean' && f.exclusive);
  return entry?.[0] ?? 'isDefault';
})();

/**
 * /customer_service/customer_service_edit/{id}, customer service contacts: the salespeople and IM service
 * staff of company {id}, reached from the company's row. The generic child list of a company (add and edit in a
 * drawer, enable / disable, delete) with this page's own parts: the default contact marked, and a row action that
 * moves the default (exactly one per company).
 */
export function CustomerServicePage({ route, params }: PageProps) {
  const text = useSupplierText();
  const lang = useLang();
  const navigate = useNavigate();
  const { isScoped } = useScope();
  const companyId = Number(params.id);
  const company = useQuery({
    queryKey: entityKeys.options('company', `ids:${companyId}`),
    queryFn: ({ signal }) => entityApi.options('company', { ids: [companyId] }, signal),
    enabled: Number.isInteger(companyId) && companyId > 0,
  });
  const companyName = company.data?.[0]?.label;
  const slots = useContactSlots();
  return (
    <div className="entity-list-page supplier-contacts-page">
      <Card variant="borderless" className="entity-list-card">
        <ChildList
          entity={ENTITY}
          parentId={companyId}
          columns={COLUMNS}
          slots={slots}
          header={{
            className: 'supplier-contacts-header',
            title: <h1 className="app-page-title">{pick(route.title, lang)}</h1>,
            subtitle: (
              <span className="entity-page-subtitle">
                {companyName ? text('contacts.company', { name: companyName }) : null}
              </span>
            ),
            extra: !isScoped && (
              <Button onClick={() => navigate(listReturnPath(getEntity('company')!))}>
                {text('contacts.back')}
              </Button>
            ),
          }}
          emptyText={<p className="supplier-contacts-empty">{text('contacts.empty')}</p>}
        />
      </Card>
    </div>
  );
}

/** The contacts' own parts: the default contact's tag, and "Set as default" on the others. */
function useContactSlots(): Pick<ListSlots, 'rowActions' | 'cells'> {
  const text = useSupplierText();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const setDefault = async (
    record: EntityRecord,
    def: Parameters<typeof recordLabel>[0],
    lang: 'en' | 'zh',
  ) => {
    const res = await entityApi
      .update(ENTITY, record.id, { [defaultField]: true, version: record.version })
      .catch(() => null);
    if (!res?.success) return;
    message.success(text('contacts.defaultSet', { name: recordLabel(def, record, lang) }));
    await queryClient.invalidateQueries({ queryKey: entityKeys.all(ENTITY) });
  };
  return {
    cells: {
      [defaultField]: (value) => (value ? <Tag color="processing">{text('contacts.default')}</Tag> : null),
    },
    rowActions: (record, { access, meta }) =>
      access.canUpdate && !record[defaultField]
        ? [
            {
              key: 'default',
              label: text('contacts.setDefault'),
              onClick: () => void setDefault(record, meta.def, meta.lang),
            },
          ]
        : [],
  };
}
