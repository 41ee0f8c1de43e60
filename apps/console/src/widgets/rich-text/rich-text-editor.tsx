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
import { type ClipboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
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

/**
 * A light rich-text editor: an editable area with a small toolbar, a HTML source view, pasted HTML
 * reduced to the allow-list. The server sanitises what is stored; the console sanitises what it shows.
 */
export function RichTextEditor({ id, value, onChange, label, maxLength, disabled, ...rest }: Props) {
  const t = useEngineText();
  const area = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null | undefined>(undefined);
  const [isSource, setIsSource] = useState(false);
  const [linkUrl, setLinkUrl] = useState<string | null>(null);
  const linkRange = useRef<Range | null>(null);

  const insertLink = () => {
    const url = (linkUrl ?? '').trim();
    setLinkUrl(null);
    if (!/^(https?:\/\/.+|mailto:.+|tel:.+)$/i.test(url)) return;
    area.current?.focus();
    const selection = window.getSelection();
    if (linkRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(linkRange.current);
    }
    exec('createLink', url);
  };
  // the console's upload control: the deployment's image checks, progress, and messages in the user's language
  const { choose, send, pending } = useUploads({
    kind: 'image',
    rule: INLINE_IMAGE,
    current: 0,
    onStored: (file) => exec('insertImage', fileUrl(file.path)),
  });
  const picker = useBatchPicker({ choose, send });

  // an outside change (a loaded record, a reset) replaces the content; our own edits do not re-render it
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

  const commands: Command[] = [
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
    {
      key: 'richText.link',
      icon: <LinkOutlined aria-hidden />,
      run: () => {
        // the address box takes the focus: keep the selected text to turn into the link
        const selection = window.getSelection();
        linkRange.current =
          selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null;
        setLinkUrl('https://');
      },
    },
    { key: 'richText.clear', icon: <ClearOutlined aria-hidden />, run: () => exec('removeFormat') },
  ];

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const html = event.clipboardData.getData('text/html');
    if (!html) return;
    event.preventDefault();
    exec('insertHTML', sanitizeHtml(html));
  };

  const length = htmlToText(value).length;

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
        {/* antd's upload with a button inside: the button is the control, the upload holds the file input */}
        <Upload
          accept={{ format: acceptOf(INLINE_IMAGE.types), filter: 'native' }}
          showUploadList={false}
          disabled={disabled || isSource || pending.length > 0}
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
              disabled={disabled || isSource}
              onMouseDown={(e) => e.preventDefault()}
            />
          </Tooltip>
        </Upload>
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
      {linkUrl !== null && (
        <div className="rich-text-link">
          <Input
            size="small"
            autoFocus
            value={linkUrl}
            aria-label={t('richText.linkPrompt')}
            onChange={(e) => setLinkUrl(e.target.value)}
            onPressEnter={(e) => {
              e.preventDefault();
              insertLink();
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setLinkUrl(null);
            }}
          />
          <Button size="small" type="primary" onClick={insertLink}>
            {t('richText.link')}
          </Button>
          <Button size="small" onClick={() => setLinkUrl(null)}>
            {t('form.cancel')}
          </Button>
        </div>
      )}
      {isSource ? (
        <Input.TextArea
          id={id}
          aria-label={label}
          value={value ?? ''}
          autoSize={{ minRows: 8, maxRows: 24 }}
          onChange={(e) => {
            emitted.current = undefined;
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
        {t('richText.characters', { count: length })}
        {maxLength ? ` / ${maxLength}` : ''}
      </div>
    </div>
  );
}
