import { getEntity } from '@organiser/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { entityApi } from '../../api/entity-api';
import { entityKeys } from '../../api/query-keys';
import {
  ChildList,
  EntityForm,
  EntityListPage,
  type ListSlots,
  listReturnPath,
  pageLinkAction,
  useEngineText,
} from '../../engine';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { useVisibleRoutes } from '../../navigation/visible-routes-context';
import { type MarketingTextKey, marketingTextsIn, useMarketingText } from './messages';
import { ActivityPreview, SearchPreview } from './preview';
import '../../components/entity-screens.css';

// The marketing screens beyond the generic ones: the popular activities and recommended searches lists with a
// row action to their children, the pages listing one activity's sub-activities and one keyword's advertising
// objects (add and edit in a drawer, reordered by dragging or with the arrow buttons), and the sub-activity form
// pages (new_product_add opened from an activity starts with that activity and the new-product kind).

const activitySlots: ListSlots = {
  rowActions: (record, ctx) =>
    pageLinkAction(ctx, {
      page: 'PopularAdvertisingAdd',
      key: 'PopularAdvertisingAdd',
      label: marketingTextsIn(ctx.meta.lang)('pages.subActivities'),
      id: record.id,
    }),
};

const searchSlots: ListSlots = {
  rowActions: (record, ctx) =>
    pageLinkAction(ctx, {
      page: 'RecommendAdvertisingAdd',
      key: 'RecommendAdvertisingAdd',
      label: marketingTextsIn(ctx.meta.lang)('pages.objects'),
      id: record.id,
    }),
};

export const PopularActivityListPage = (props: PageProps) => (
  <EntityListPage {...props} slots={activitySlots} />
);
export const RecommendSearchListPage = (props: PageProps) => (
  <EntityListPage {...props} slots={searchSlots} />
);

type ChildrenOf = {
  parent: string;
  /** A page adding a child on a page of its own, opened with the parent (and the kind) filled in. */
  addPage?: { page: string; label: MarketingTextKey; query: (parentId: number) => string };
  Preview: (props: { parentId: number }) => ReactNode;
  child: string;
  columns: readonly string[];
  subtitle: MarketingTextKey;
  empty: MarketingTextKey;
  back: MarketingTextKey;
};

const SUB_ACTIVITIES: ChildrenOf = {
  parent: 'popular_activity',
  addPage: {
    page: 'NewProductAdd',
    label: 'children.addNewProduct',
    query: (id) => `?activityId=${id}&type=new_product`,
  },
  Preview: ActivityPreview,
  child: 'popular_sub_activity',
  columns: ['targetName', 'type', 'companyId', 'productId', 'url', 'avatar', 'remark', 'targetState'],
  subtitle: 'children.activity',
  empty: 'children.emptyActivity',
  back: 'children.backActivities',
};

const OBJECTS: ChildrenOf = {
  parent: 'recommend_search',
  Preview: SearchPreview,
  child: 'recommend_advertising',
  columns: ['type', 'companyId', 'productId', 'targetLogo', 'targetState'],
  subtitle: 'children.search',
  empty: 'children.emptySearch',
  back: 'children.backSearches',
};

/** The children of the record {id} of the address, under its name, with a way back to the parent's list. */
function ChildrenPage({ route, params, of }: PageProps & { of: ChildrenOf }) {
  const text = useMarketingText();
  const lang = useLang();
  const navigate = useNavigate();
  const { flat } = useVisibleRoutes();
  const addRoute =
    of.addPage && flat.find((r) => r.view?.kind === 'page' && r.view.page === of.addPage!.page);
  const parentId = Number(params.id);
  const isValid = Number.isInteger(parentId) && parentId > 0;
  const parent = useQuery({
    queryKey: entityKeys.options(of.parent, `ids:${parentId}`),
    queryFn: ({ signal }) => entityApi.options(of.parent, { ids: [parentId] }, signal),
    enabled: isValid,
  });
  const name = parent.data?.find((option) => option.id === parentId)?.label;
  if (!isValid || (parent.isSuccess && !name)) return <NotFoundCard />;
  return (
    <div className="entity-list-page">
      <Card variant="borderless" className="entity-list-card">
        <ChildList
          entity={of.child}
          parentId={parentId}
          columns={of.columns}
          header={{
            title: <h1 className="app-page-title">{pick(route.title, lang)}</h1>,
            subtitle: (
              <span className="entity-page-subtitle">{name ? text(of.subtitle, { name }) : null}</span>
            ),
            extra: (
              <>
                {addRoute && of.addPage ? (
                  <Button onClick={() => navigate(`${addRoute.fullPath}${of.addPage!.query(parentId)}`)}>
                    {text(of.addPage.label)}
                  </Button>
                ) : null}
                <Button onClick={() => navigate(listReturnPath(getEntity(of.parent)!))}>
                  {text(of.back)}
                </Button>
              </>
            ),
          }}
          emptyText={<p>{text(of.empty)}</p>}
        />
        <p className="entity-page-subtitle">{text('children.order')}</p>
      </Card>
      <of.Preview parentId={parentId} />
    </div>
  );
}

function NotFoundCard() {
  const t = useEngineText();
  return (
    <Card variant="borderless">
      <Result status="404" title={t('form.notFound')} />
    </Card>
  );
}

/** `/popular_activities/popular_advertising_add/{id}`: the sub-activities of activity {id}. */
export const PopularAdvertisingPage = (props: PageProps) => <ChildrenPage {...props} of={SUB_ACTIVITIES} />;

/** `/searchManage/recommend_search/recommend_advertising_add/{id}`: the advertising objects of search {id}. */
export const RecommendAdvertisingPage = (props: PageProps) => <ChildrenPage {...props} of={OBJECTS} />;

/** `/popular_activities/new_product_add` and `new_product_edit/{id}`: one sub-activity on a page of its own (its
 * activity picked in the form; the type decides the fields). */
export const SubActivityFormPage = ({ route, params }: PageProps) => (
  <EntityForm entity="popular_sub_activity" id={params.id} title={route.title} />
);
