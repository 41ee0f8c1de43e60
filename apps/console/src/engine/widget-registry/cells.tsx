import { FileOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { type FieldFacts, formatMoney, kitMessages, type Language } from '@organiser/domain';
import { Image, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { timeAgo } from '../../components/time-ago';
import type { EngineT } from '../../messages';
import { fileUrl } from '../../state/session';
import { SafeHtml } from '../../widgets/rich-text/safe-html';
import { htmlToText } from '../../widgets/rich-text/sanitize-html';

// How a stored value shows, by field kind: in a table cell (compact), in the detail drawer and in history.

export type ValueFacts = Pick<FieldFacts, 'name' | 'kind' | 'options' | 'dict' | 'parts'> & {
  label?: FieldFacts['label'];
  /** The field's named widget when it shows the value its own way (region codes by name). */
  widget?: string;
};

/** How one widget shows a non-empty stored value. */
export type CellRenderer = (facts: ValueFacts, value: unknown, ctx: CellContext) => ReactNode;

export type CellContext = {
  lang: Language;
  t: EngineT;
  frameT: TFunction;
  /** The whole record: relation labels (`<field>Label`) live beside the value. */
  record?: Record<string, unknown>;
  /** 'cell': one line in a table; 'detail': full value (drawer, history). */
  mode: 'cell' | 'detail';
  /** What the value belongs to, for image alt texts. */
  ownerLabel?: string;
};

export const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** A moment as relative time ("3 hours ago", bilingual), the exact time on hover (the browser's own tip: one
 * tooltip component per row would cost more to mount than the whole row) and for screen readers. */
export function RelativeTime({ value, frameT }: { value: string; frameT: TFunction }) {
  const exact = dayjs(value).format('YYYY-MM-DD HH:mm:ss');
  return (
    <time dateTime={value} title={exact}>
      {timeAgo(value, frameT)}
    </time>
  );
}

/** One line of text cut with an ellipsis by CSS, the whole text on hover (the browser's own tip: a tooltip
 * component in every cell costs more to mount than the row). Screen readers read the whole text. */
function CellText({ text }: { text: string }) {
  return (
    <span className="entity-cell-text" title={text}>
      {text}
    </span>
  );
}

/** A thumbnail in a wide box: banner covers are 5:1 (1200x240); square images are letterboxed. */
export function Thumb({ path, alt, size }: { path: string; alt: string; size: number }) {
  return (
    <Image
      src={fileUrl(path)}
      alt={alt}
      width={size * 3}
      height={size}
      className="entity-thumb"
      style={{ objectFit: 'contain' }}
    />
  );
}

const labelOf = (facts: ValueFacts, ctx: CellContext) => facts.label?.[ctx.lang] ?? facts.name;

/** A choice: states (options with a colour) read as tags; plain choices (a link type) as text. */
export const choiceCell: CellRenderer = (facts, value, { lang }) => {
  const option = facts.options?.find((o) => o.value === value);
  const text = option?.label[lang] ?? String(value);
  if (!option?.color) return text;
  return <Tag color={option.color === 'default' ? undefined : option.color}>{text}</Tag>;
};

export const flagCell: CellRenderer = (_facts, value, { lang }) =>
  value ? kitMessages.yes[lang] : kitMessages.no[lang];

const tagList = (names: string[]) => (
  <Space size={[4, 4]} wrap>
    {names.map((n) => (
      <Tag key={n}>{n}</Tag>
    ))}
  </Space>
);

/** A related record by its label (`<field>Label` / `<field>Labels` beside the value), else its id. */
export const relationCell: CellRenderer = (facts, value, ctx) => {
  if (facts.kind === 'relationMany')
    return tagList(
      (ctx.record?.[`${facts.name}Labels`] as string[] | undefined) ??
        (value as number[]).map((id) => `#${id}`),
    );
  const name = ctx.record?.[`${facts.name}Label`];
  return typeof name === 'string' ? name : `#${String(value)}`;
};

export const tagsCell: CellRenderer = (_facts, value) => tagList(value as string[]);

export const imageCell: CellRenderer = (facts, value, ctx) => {
  const { t, mode } = ctx;
  const label = labelOf(facts, ctx);
  const size = mode === 'cell' ? 32 : 60;
  if (facts.kind !== 'images')
    return (
      <Thumb
        path={String(value)}
        alt={t('list.thumbnail', { field: label, label: ctx.ownerLabel ?? '' })}
        size={size}
      />
    );
  const paths = value as string[];
  const shown = mode === 'cell' ? paths.slice(0, 1) : paths;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap>
        {shown.map((p, i) => (
          <Thumb key={p} path={p} alt={`${label} ${i + 1}`} size={size} />
        ))}
        {mode === 'cell' && paths.length > 1 ? <span>+{paths.length - 1}</span> : null}
      </Space>
    </Image.PreviewGroup>
  );
};

export const videoCell: CellRenderer = (facts, value, ctx) => (
  <a href={fileUrl(String(value))} target="_blank" rel="noreferrer">
    <VideoCameraOutlined aria-hidden /> {labelOf(facts, ctx)}
  </a>
);

export const filesCell: CellRenderer = (_facts, value, { t, mode }) => {
  const files = value as { name: string; url: string }[];
  if (mode === 'cell') return t('list.itemsCount', { count: files.length });
  return (
    <Space orientation="vertical" size={2}>
      {files.map((f) => (
        <a key={f.url} href={fileUrl(f.url)} target="_blank" rel="noreferrer">
          <FileOutlined aria-hidden /> {f.name}
        </a>
      ))}
    </Space>
  );
};

/** A moment: relative in a table cell, exact in the drawer and history. */
export const momentCell: CellRenderer = (_facts, value, ctx) =>
  ctx.mode === 'cell' ? (
    <RelativeTime value={String(value)} frameT={ctx.frameT} />
  ) : (
    dayjs(String(value)).format('YYYY-MM-DD HH:mm:ss')
  );

export const moneyCell: CellRenderer = (_facts, value, { lang }) => formatMoney(Number(value), lang);

export const numberCell: CellRenderer = (facts, value, { lang }) =>
  facts.kind === 'decimal'
    ? Number(value).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 6,
      })
    : Number(value).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US');

export const richTextCell: CellRenderer = (_facts, value, { mode }) =>
  mode === 'cell' ? <CellText text={htmlToText(String(value))} /> : <SafeHtml html={String(value)} />;

export const jsonCell: CellRenderer = (facts, value, { lang }) => {
  if (facts.parts && value && typeof value === 'object') {
    // an object of declared parts reads as "Address: Suzhou · Size: 40x30x30 cm"
    const shown = Object.entries(facts.parts).flatMap(([key, part]) => {
      const v = (value as Record<string, unknown>)[key];
      return v === null || v === undefined || v === '' ? [] : [`${part.label[lang]}: ${String(v)}`];
    });
    return <span className="entity-detail-text">{shown.join(' · ')}</span>;
  }
  return <pre className="entity-json">{JSON.stringify(value, null, 2)}</pre>;
};

/** Plain text: one line with an ellipsis in a table (full text on hover), whole in the drawer. */
export const textCell: CellRenderer = (_facts, value, { mode }) => {
  const text = String(value);
  if (mode === 'cell') return <CellText text={text} />;
  return <span className="entity-detail-text">{text}</span>;
};
