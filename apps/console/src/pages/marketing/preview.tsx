import { type EntityDef, type EntityRecord, getEntity } from '@organiser/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Tag } from 'antd';
import { entityApi } from '../../api/entity-api';
import { entityKeys } from '../../api/query-keys';
import { fileUrl } from '../../state/session';
import { useMarketingText } from './messages';

// How the marketplace will show an activity or a recommended search: the card with its images at their hinted
// sizes (the marketing icon 136x76, a card's image 58x58) and its children in the order they are published. A
// child whose company or product the marketplace does not show is left out, as the marketplace read does.

type Props = { parent: string; child: string; parentField: string; parentId: number };

function usePreviewData({ parent, child, parentField, parentId }: Props) {
  const record = useQuery({
    queryKey: entityKeys.record(parent, parentId),
    queryFn: ({ signal }) => entityApi.get(parent, parentId, signal),
  });
  const query = { [parentField]: String(parentId), size: '50', sort: 'sortNo', order: 'asc' };
  const children = useQuery({
    queryKey: entityKeys.list(child, 'list', query),
    queryFn: ({ signal }) => entityApi.list(child, query, signal),
  });
  const shown = (children.data?.list ?? []).filter((r) => (r.targetState ?? 'ok') === 'ok');
  return { record: record.data, children: shown };
}

const image = (path: unknown, width: number, height: number, alt: string) =>
  typeof path === 'string' && path ? (
    <img src={fileUrl(path)} width={width} height={height} alt={alt} style={{ objectFit: 'cover' }} />
  ) : null;

/** The children as the marketplace lists them: image and name, in order. */
function Items({ items, name }: { items: EntityRecord[]; name: (r: EntityRecord) => string }) {
  const text = useMarketingText();
  if (!items.length) return <Empty description={text('preview.empty')} />;
  return (
    <ol
      className="marketing-preview-items"
      style={{ display: 'flex', gap: 12, listStyle: 'none', padding: 0 }}
    >
      {items.map((r) => (
        <li key={r.id} style={{ width: 96, textAlign: 'center' }}>
          {image(r.avatar ?? r.targetLogo, 58, 58, name(r))}
          <div>{name(r)}</div>
        </li>
      ))}
    </ol>
  );
}

/** An activity's card on the marketplace: its icon and title, then its sub-activities. */
export function ActivityPreview({ parentId }: { parentId: number }) {
  const text = useMarketingText();
  const { record, children } = usePreviewData({
    parent: 'popular_activity',
    child: 'popular_sub_activity',
    parentField: 'activityId',
    parentId,
  });
  const title = String(record?.title ?? '');
  return (
    <Card size="small" title={text('preview.title')} className="marketing-preview">
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 12 }}>
        {image(record?.marketingIcon, 136, 76, title)}
        <strong>{title}</strong>
      </div>
      <Items items={children} name={(r) => String(r.targetName ?? '')} />
    </Card>
  );
}

/** A recommended search on the marketplace: its keyword in both languages (as being typed, when given), then
 * its objects' logos and names. */
export function SearchPreview({
  parentId,
  words,
}: {
  parentId: number;
  words?: { en?: unknown; zh?: unknown };
}) {
  const text = useMarketingText();
  const { record, children } = usePreviewData({
    parent: 'recommend_search',
    child: 'recommend_advertising',
    parentField: 'recommendSearchId',
    parentId,
  });
  const en = words ? words.en : record?.enKeyword;
  const zh = words ? words.zh : record?.zhKeyword;
  return (
    <Card size="small" title={text('preview.title')} className="marketing-preview">
      <p>
        <strong lang="en">{String(en ?? '')}</strong>
        {' · '}
        <strong lang="zh">{String(zh ?? '')}</strong>
      </p>
      <Items items={children} name={(r) => String(r.companyIdLabel ?? r.productIdLabel ?? '')} />
    </Card>
  );
}

/** A word under the marketplace's search box, on its English and its Chinese site (a hot word, or a recommended
 * search before it has objects). */
export function WordsPreview({ en, zh }: { en?: unknown; zh?: unknown }) {
  const text = useMarketingText();
  const word = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const row = (site: 'preview.english' | 'preview.chinese', value: unknown, lang: 'en' | 'zh') => (
    <div className="marketing-preview-words" style={{ marginBottom: 8 }}>
      <div style={{ color: 'rgba(0, 0, 0, 0.45)' }}>{text(site)}</div>
      <div
        style={{ border: '1px solid #d9d9d9', borderRadius: 6, height: 32, maxWidth: 360 }}
        aria-hidden="true"
      />
      <div style={{ marginTop: 4 }}>
        {text('preview.hotWords')}{' '}
        {word(value) ? (
          <Tag lang={lang}>{word(value)}</Tag>
        ) : (
          <span style={{ color: 'rgba(0, 0, 0, 0.45)' }}>{text('preview.empty')}</span>
        )}
      </div>
    </div>
  );
  return (
    <Card size="small" title={text('preview.title')} className="marketing-preview">
      {row('preview.english', en, 'en')}
      {row('preview.chinese', zh, 'zh')}
    </Card>
  );
}

/** The size an image field's upload hints at (`640x360`), as numbers; null when it hints none. */
function hintedSize(def: EntityDef, field: string): { width: number; height: number } | null {
  const found = def.fields[field];
  const hint = found && 'upload' in found ? found.upload?.sizeHint : undefined;
  const match = /^(\d+)x(\d+)$/.exec(hint ?? '');
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null;
}

/** An event information item as the marketplace's card shows it, on its English and its Chinese site: the cover
 * at its hinted size (scaled to the card), the tag, title, date and source, the summary. The item's own texts
 * are in one language; the card's words (the tag) are the site's. */
export function EventInformationPreview({ values }: { values: Record<string, unknown> }) {
  const text = useMarketingText();
  const def = getEntity('event_information')!;
  const size = hintedSize(def, 'coverImg') ?? { width: 640, height: 360 };
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const tagField = def.fields.tag;
  const tagLabel = (lang: 'en' | 'zh') =>
    tagField?.kind === 'enum' ? tagField.options.find((o) => o.value === values.tag)?.label[lang] : undefined;
  const cover = Array.isArray(values.coverImg) ? values.coverImg[0] : values.coverImg;
  const title = str(values.title);
  const card = (site: 'preview.english' | 'preview.chinese', lang: 'en' | 'zh') => (
    <div className="marketing-preview-event" style={{ marginBottom: 12 }} lang={lang}>
      <div style={{ color: 'rgba(0, 0, 0, 0.45)' }}>{text(site)}</div>
      <div style={{ maxWidth: 320, border: '1px solid #f0f0f0', borderRadius: 6, overflow: 'hidden' }}>
        <div style={{ aspectRatio: `${size.width} / ${size.height}`, background: '#fafafa' }}>
          {typeof cover === 'string' && cover ? (
            <img
              src={fileUrl(cover)}
              alt={title}
              style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : null}
        </div>
        <div style={{ padding: 8 }}>
          {tagLabel(lang) ? <Tag>{tagLabel(lang)}</Tag> : null}
          <strong>{title || text('preview.empty')}</strong>
          <div style={{ color: 'rgba(0, 0, 0, 0.45)' }}>
            {[str(values.date).slice(0, 10), str(values.source)].filter(Boolean).join(' · ')}
          </div>
          {str(values.abbrContent) ? <p style={{ margin: '4px 0 0' }}>{str(values.abbrContent)}</p> : null}
        </div>
      </div>
    </div>
  );
  return (
    <Card size="small" title={text('preview.title')} className="marketing-preview">
      {card('preview.english', 'en')}
      {card('preview.chinese', 'zh')}
    </Card>
  );
}
