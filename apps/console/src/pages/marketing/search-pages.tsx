import { type EntityDef, searchKeywords } from '@organiser/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { entityApi, fieldErrorsOf } from '../../api/entity-api';
import { entityKeys } from '../../api/query-keys';
import {
  ActionInputDialog,
  EntityForm,
  EntityListPage,
  type FormSlots,
  type PendingInput,
  type ReportRow,
  ReportScreen,
  useEntityAccess,
  useEntityMeta,
} from '../../engine';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { useMarketingText } from './messages';
import { EventInformationPreview, SearchPreview, WordsPreview } from './preview';

// The marketing screens beyond the generic ones: the search history with its top keywords (a report of the keyword
// rollups) and their "make it a hot word" row action, and the hot word, recommended search and event information
// forms with the marketplace preview of what is being typed.

const COMMAND = 'fromKeyword';

/** The row action making a searched keyword a hot word, for people who may add hot words and call the command:
 * a dialog with the keyword in its language's field, the other language to complete. */
function useMakeHotWord(def: EntityDef) {
  const text = useMarketingText();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const meta = useEntityMeta('search_top');
  const access = useEntityAccess(meta.def);
  const [pending, setPending] = useState<PendingInput | null>(null);
  const command = meta.def.commands[COMMAND];
  const isAllowed = Boolean(command) && access.canCreate && access.canCommand(COMMAND, 'many');
  const open = (row: ReportRow) => {
    if (!command) return;
    const keyword = String(row.keyword ?? '');
    setPending({
      action: { ...command, name: COMMAND, field: '', from: [], to: '' },
      initial: row.language === 'zh' ? { zhWord: keyword } : { enWord: keyword },
      run: async (input) => {
        const res = await entityApi.command('search_top', COMMAND, null, input).catch(() => null);
        if (!res) return false;
        if (!res.success) {
          const errors = fieldErrorsOf(res);
          return errors.length > 0 ? { errors } : false;
        }
        message.success(text('keywords.made', { word: keyword }));
        await queryClient.invalidateQueries({ queryKey: entityKeys.all('search_top') });
        await queryClient.invalidateQueries({ queryKey: entityKeys.all(def.name) });
        return true;
      },
    });
  };
  const rowExtra = isAllowed
    ? [
        {
          key: 'hotWord',
          title: text('keywords.column'),
          width: 150,
          render: (row: ReportRow) =>
            row.hotWord ? (
              <Tag color="success">{text('keywords.already')}</Tag>
            ) : (
              <Button
                type="link"
                size="small"
                aria-label={text('keywords.makeOf', { word: String(row.keyword ?? '') })}
                onClick={() => open(row)}
              >
                {text('keywords.make')}
              </Button>
            ),
        },
      ]
    : [];
  const dialog = <ActionInputDialog meta={meta} pending={pending} onClose={() => setPending(null)} />;
  return { rowExtra, dialog };
}

function TopKeywords({ title }: { title: string }) {
  const { rowExtra, dialog } = useMakeHotWord(searchKeywords);
  return (
    <>
      <ReportScreen def={searchKeywords} title={title} rowExtra={rowExtra} />
      {dialog}
    </>
  );
}

/** The address's fragment naming the top keywords' tab (the query string is the open tab's list state). */
const KEYWORDS_TAB = '#keywords';

/** /searchManage/search_history_list: every search, and the top keywords of a period. The two tabs keep their
 * filters, sort and page in the address like any list, and the open tab in its fragment, so a reload or a shared
 * link opens the same tab; changing tab starts the other one afresh. */
export function SearchHistoryPage(props: PageProps) {
  const text = useMarketingText();
  const lang = useLang();
  const location = useLocation();
  const navigate = useNavigate();
  const [tab, setTab] = useState(location.hash === KEYWORDS_TAB ? 'keywords' : 'searches');
  // a list writes its state into the query string without the fragment: put the open tab's back
  useEffect(() => {
    const hash = tab === 'keywords' ? KEYWORDS_TAB : '';
    if (location.hash !== hash)
      navigate({ pathname: location.pathname, search: location.search, hash }, { replace: true });
  }, [tab, location.pathname, location.search, location.hash, navigate]);
  return (
    <Tabs
      className="search-history-tabs"
      activeKey={tab}
      destroyOnHidden
      onChange={(key) => {
        setTab(key);
        navigate(
          { pathname: location.pathname, search: '', hash: key === 'keywords' ? KEYWORDS_TAB : '' },
          { replace: true },
        );
      }}
      items={[
        { key: 'searches', label: text('history.searches'), children: <EntityListPage {...props} /> },
        {
          key: 'keywords',
          label: text('history.keywords'),
          children: <TopKeywords title={pick(searchKeywords.labels.plural, lang)} />,
        },
      ]}
    />
  );
}

/** The preview of a hot word being typed: its words under the marketplace's search box. */
function HotWordPreviewSection() {
  const form = Form.useFormInstance();
  const en = Form.useWatch('enWord', form);
  const zh = Form.useWatch('zhWord', form);
  return <WordsPreview en={en} zh={zh} />;
}

/** The preview of a recommended search being typed, with its advertising objects once it has some. */
function RecommendPreviewSection({ id }: { id: number | null }) {
  const form = Form.useFormInstance();
  const en = Form.useWatch('enKeyword', form);
  const zh = Form.useWatch('zhKeyword', form);
  return id ? <SearchPreview parentId={id} words={{ en, zh }} /> : <WordsPreview en={en} zh={zh} />;
}

/** The preview of an event information item being edited, from the form's values. */
function EventInformationPreviewSection() {
  const form = Form.useFormInstance();
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  return <EventInformationPreview values={values ?? {}} />;
}

const hotWordSlots: FormSlots = { sections: () => <HotWordPreviewSection /> };
const eventInformationSlots: FormSlots = { sections: () => <EventInformationPreviewSection /> };
const recommendSlots: FormSlots = {
  sections: (record) => <RecommendPreviewSection id={record ? record.id : null} />,
};

function SearchForm({ entity, slots, route, params }: PageProps & { entity: string; slots: FormSlots }) {
  const view = route.view;
  const isEdit = view?.kind === 'entity-form' && view.mode === 'edit';
  return (
    <EntityForm
      key={`${entity}:${params.id ?? 'new'}`}
      entity={entity}
      id={isEdit ? params.id : undefined}
      title={route.title}
      slots={slots}
    />
  );
}

/** search_top_add and search_top_edit/{id}: the hot word's form with its preview. */
export const HotWordFormPage = (props: PageProps) => (
  <SearchForm {...props} entity="search_top" slots={hotWordSlots} />
);

/** recommend_search_add and recommend_search_edit/{id}: the recommended search's form with its preview. */
export const RecommendSearchFormPage = (props: PageProps) => (
  <SearchForm {...props} entity="recommend_search" slots={recommendSlots} />
);

/** event_Information_add and event_Information_edit/{id}: the item's form with its marketplace card. */
export const EventInformationFormPage = (props: PageProps) => (
  <SearchForm {...props} entity="event_information" slots={eventInformationSlots} />
);
