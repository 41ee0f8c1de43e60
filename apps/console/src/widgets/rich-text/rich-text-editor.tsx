import {
  BoldOutlined,
  ClearOutlined,
  CodeOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { UploadRule } from '@organiser/domain';
import { Button, Input, Tooltip, Upload } from 'antd';
import { type ClipboardEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { type EngineMessageKey, useEngineText } from '../../messages';
import { fileUrl } from '../../state/session';
import { acceptOf } from '../upload/upload-rules';
import { useBatchPicker } from '../upload/use-batch-picker';
import { useUploads } from '../upload/use-uploads';
import { htmlToText, isBlankHtml, sanitizeHtml } from './sanitize-html';
import './rich-text.css';

type Props = {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The field's label: the editable area's accessible name. */
  label: string;
  maxLength?: number;
  disabled?: boolean;
  'aria-invalid'?: boolean;
};

/** Images put into rich text follow the deployment's image limits (one at a time). */
const INLINE_IMAGE: UploadRule = {
  maxCount: 1,
  maxBytes: Number.POSITIVE_INFINITY,
  types: ['image/png', 'image/jpeg'],
};

type Command = { key: EngineMessageKey; icon: ReactNode; run: () => void };

/** The editing commands of the toolbar, in order. */
function editorCommands(
  exec: (command: string, argument?: string) => void,
  startLink: () => void,
): Command[] {
  return [
    { key: 'richText.bold', icon: <BoldOutlined aria-hidden />, run: () => exec('bold') },
    { key: 'richText.italic', icon: <ItalicOutlined aria-hidden />, run: () => exec('italic') },
    { key: 'richText.underline', icon: <UnderlineOutlined aria-hidden />, run: () => exec('underline') },
    {
      key: 'richText.heading',
      icon: <FontSizeOutlined aria-hidden />,
      run: () => exec('formatBlock', '<h3>'),
    },
    {
      key: 'richText.bulletList',
      icon: <UnorderedListOutlined aria-hidden />,
      run: () => exec('insertUnorderedList'),
    },
    {
      key: 'richText.numberedList',
      icon: <OrderedListOutlined aria-hidden />,
      run: () => exec('insertOrderedList'),
    },
    { key: 'richText.link', icon: <LinkOutlined aria-hidden />, run: startLink },
    { key: 'richText.clear', icon: <ClearOutlined aria-hidden />, run: () => exec('removeFormat') },
  ];
}

/**
 * The editable area's content kept in step with the value: an outside change (a loaded record, a reset)
 * replaces it, our own edits do not re-render it; a command edits the selection and reports the result.
 */
function useEditableArea(value: string | null | undefined, onChange?: (value: string | null) => void) {
  const area = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!area.current || value === emitted.current) return;
    area.current.innerHTML = sanitizeHtml(value);
    emitted.current = value;
  }, [value]);
  const emit = () => {
    const html = area.current?.innerHTML ?? '';
    const next = isBlankHtml(html) ? null : html;
    emitted.current = next;
    onChange?.(next);
  };
  const exec = (command: string, argument?: string) => {
    area.current?.focus();
    // execCommand is the only editing API every browser ships for contentEditable; it is enough for a light editor
    document.execCommand(command, false, argument);
    emit();
  };
  /** The source view's edits: the area is rebuilt from the value when it comes back. */
  const forget = () => {
    emitted.current = undefined;
  };
  return { area, emit, exec, forget };
}

/** The address of a link being made, and the selection it will wrap (the address box takes the focus). */
function useLinkEntry(
  area: RefObject<HTMLDivElement | null>,
  exec: (command: string, argument?: string) => void,
) {
  const [url, setUrl] = useState<string | null>(null);
  const range = useRef<Range | null>(null);
  const start = () => {
    const selection = window.getSelection();
    range.current = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null;
    setUrl('https://');
  };
  const insert = () => {
    const address = (url ?? '').trim();
    setUrl(null);
    if (!/^(https?:\/\/.+|mailto:.+|tel:.+)$/i.test(address)) return;
    area.current?.focus();
    const selection = window.getSelection();
    if (range.current && selection) {
      selection.removeAllRanges();
      selection.addRange(range.current);
    }
    exec('createLink', address);
  };
  return { url, setUrl, start, insert, cancel: () => setUrl(null) };
}

function LinkBar({ link }: { link: ReturnType<typeof useLinkEntry> }) {
  const t = useEngineText();
  return (
    <div className="rich-text-link">
      <Input
        size="small"
        autoFocus
        value={link.url ?? ''}
        aria-label={t('richText.linkPrompt')}
        onChange={(e) => link.setUrl(e.target.value)}
        onPressEnter={(e) => {
          e.preventDefault();
          link.insert();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') link.cancel();
        }}
      />
      <Button size="small" type="primary" onClick={link.insert}>
        {t('richText.link')}
      </Button>
      <Button size="small" onClick={link.cancel}>
        {t('form.cancel')}
      </Button>
    </div>
  );
}

/** An image put in where the caret is, after the console's upload checks (type, size, progress, messages). */
function ImageButton(props: { disabled: boolean; onStored: (url: string) => void }) {
  const t = useEngineText();
  const { choose, send, pending } = useUploads({
    kind: 'image',
    rule: INLINE_IMAGE,
    current: 0,
    onStored: (file) => props.onStored(fileUrl(file.path)),
  });
  const picker = useBatchPicker({ choose, send });
  return (
    // antd's upload with a button inside: the button is the control, the upload holds the file input
    <Upload
      accept={{ format: acceptOf(INLINE_IMAGE.types), filter: 'native' }}
      showUploadList={false}
      disabled={props.disabled || pending.length > 0}
      beforeUpload={picker.beforeUpload}
      customRequest={picker.customRequest}
    >
      <Tooltip title={t('richText.image')}>
        <Button
          size="small"
          type="text"
          icon={<PictureOutlined aria-hidden />}
          loading={pending.length > 0}
          aria-label={t('richText.image')}
          disabled={props.disabled}
          onMouseDown={(e) => e.preventDefault()}
        />
      </Tooltip>
    </Upload>
  );
}

/**
 * A light rich-text editor: an editable area with a small toolbar, a HTML source view, pasted HTML
 * reduced to the allow-list. The server sanitises what is stored; the console sanitises what it shows.
 */
export function RichTextEditor({ id, value, onChange, label, maxLength, disabled, ...rest }: Props) {
  const t = useEngineText();
  const [isSource, setIsSource] = useState(false);
  const { area, emit, exec, forget } = useEditableArea(value, onChange);
  const link = useLinkEntry(area, exec);
  const commands = editorCommands(exec, link.start);

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const html = event.clipboardData.getData('text/html');
    if (!html) return;
    event.preventDefault();
    exec('insertHTML', sanitizeHtml(html));
  };

  return (
    <div className={`rich-text-editor${disabled ? ' is-disabled' : ''}`}>
      <div className="rich-text-toolbar" role="toolbar" aria-label={`${label}: ${t('richText.toolbar')}`}>
        {commands.map((c) => (
          <Tooltip key={c.key} title={t(c.key)}>
            <Button
              size="small"
              type="text"
              icon={c.icon}
              aria-label={t(c.key)}
              disabled={disabled || isSource}
              onMouseDown={(e) => e.preventDefault()}
              onClick={c.run}
            />
          </Tooltip>
        ))}
        <ImageButton disabled={Boolean(disabled) || isSource} onStored={(url) => exec('insertImage', url)} />
        <Button
          size="small"
          type={isSource ? 'primary' : 'text'}
          icon={<CodeOutlined aria-hidden />}
          aria-pressed={isSource}
          disabled={disabled}
          onClick={() => setIsSource((s) => !s)}
        >
          {isSource ? t('richText.visual') : t('richText.source')}
        </Button>
      </div>
      {link.url !== null && <LinkBar link={link} />}
      {isSource ? (
        <Input.TextArea
          id={id}
          aria-label={label}
          value={value ?? ''}
          autoSize={{ minRows: 8, maxRows: 24 }}
          onChange={(e) => {
            forget();
            onChange?.(e.target.value || null);
          }}
          disabled={disabled}
        />
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a contentEditable area is the textbox of a rich editor
        <div
          id={id}
          ref={area}
          className="rich-text-area rich-text-content"
          role="textbox"
          tabIndex={disabled ? -1 : 0}
          aria-multiline="true"
          aria-label={label}
          aria-invalid={rest['aria-invalid']}
          aria-disabled={disabled}
          contentEditable={!disabled}
          suppressContentEditableWarning
          onInput={emit}
          onBlur={emit}
          onPaste={onPaste}
        />
      )}
      <div className="rich-text-count" aria-live="polite">
        {t('richText.characters', { count: htmlToText(value).length })}
        {maxLength ? ` / ${maxLength}` : ''}
      </div>
    </div>
  );
}
