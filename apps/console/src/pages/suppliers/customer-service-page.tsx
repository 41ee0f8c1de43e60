import { getEntity } from '@organiser/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { entityApi } from '../../api/entity-api';
import { entityKeys } from '../../api/query-keys';
import { ChildList, type ListSlots, listReturnPath, useEngineText } from '../../engine';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { useScope } from '../../state/scope';
import { useSupplierText } from './messages';
import '../../components/entity-screens.css';
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
 * `/customer_service/customer_service_edit/{id}`: the salespeople and IM service staff of company {id}, reached
 * from the company's row. The generic child list of a company (add and edit in a drawer, enable / disable,
 * delete, and the declared "Set as default" command that moves the default, exactly one per company) with the
 * default contact marked.
 */
export function CustomerServicePage({ route, params }: PageProps) {
  const text = useSupplierText();
  const lang = useLang();
  const navigate = useNavigate();
  const scope = useScope();
  const { isScoped } = scope;
  const companyId = Number(params.id);
  // a supplier reaches only its own company's contacts: another company's are not there for it
  const isReachable =
    Number.isInteger(companyId) && companyId > 0 && (!isScoped || scope.companyId === companyId);
  const company = useQuery({
    queryKey: entityKeys.options('company', `ids:${companyId}`),
    queryFn: ({ signal }) => entityApi.options('company', { ids: [companyId] }, signal),
    enabled: isReachable,
  });
  const companyName = company.data?.find((option) => option.id === companyId)?.label;
  const slots = useContactSlots();
  if (!isReachable || (company.isSuccess && !companyName)) return <NotFoundCard />;
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

/** The company of the address does not exist, or is not the signed-in supplier's own. */
function NotFoundCard() {
  const t = useEngineText();
  return (
    <Card variant="borderless">
      <Result status="404" title={t('form.notFound')} />
    </Card>
  );
}

/** The contacts' own part: the default contact's tag. Moving the default is the entity's declared command
 * (`setDefault`), offered on the other contacts' rows by the generic list. */
function useContactSlots(): Pick<ListSlots, 'cells'> {
  const text = useSupplierText();
  return {
    cells: {
      [defaultField]: (value) => (value ? <Tag color="processing">{text('contacts.default')}</Tag> : null),
    },
  };
}
