import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { UploadRule } from '@organiser/domain';
import { Button, Image, Progress, Upload } from 'antd';
import { useRef } from 'react';
import { useEngineText } from '../../messages';
import { fileUrl, useSession } from '../../state/session';
import { UploadHint } from './upload-hint';
import { acceptOf } from './upload-rules';
import { useBatchPicker } from './use-batch-picker';
import { useUploads } from './use-uploads';
import './upload.css';

type Props = {
  id?: string;
  /** One image (`image`: a stored path) or several (`images`: a list of paths). */
  isMultiple: boolean;
  value?: string | string[] | null;
  onChange?: (value: string | string[] | null) => void;
  rule: UploadRule;
  /** The recommended size shown beside the upload (may come from a related record). */
  sizeHint?: string;
  label: string;
  disabled?: boolean;
};

const pathsOf = (value: Props['value']): string[] =>
  Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];

/** Image upload with count, size and type limits checked before sending, the size hint, previews and progress. */
export function ImageUpload({
  id,
  isMultiple,
  value,
  onChange,
  rule: declared,
  sizeHint,
  label,
  disabled,
}: Props) {
  const t = useEngineText();
  const prefix = useSession((s) => s.urlPrefix);
  const paths = pathsOf(value);
  const latest = useRef(paths);
  latest.current = paths;
  const emit = (next: string[]) => {
    latest.current = next;
    onChange?.(isMultiple ? next : (next[0] ?? null));
  };
  const { rule, pending, choose, send } = useUploads({
    kind: 'image',
    rule: isMultiple ? declared : { ...declared, maxCount: 1 },
    current: paths.length,
    onStored: (file) => emit([...latest.current, file.path]),
  });
  const picker = useBatchPicker({ choose, send });
  const isFull = paths.length + pending.length >= rule.maxCount;
  const hintId = id ? `${id}-hint` : undefined;

  return (
    <div className="media-upload">
      <div className="media-upload-list">
        <Image.PreviewGroup>
          {paths.map((path, index) => {
            const name = t('upload.imageAlt', { label, index: index + 1 });
            return (
              <div className="media-upload-item" key={path}>
                <Image src={fileUrl(path, prefix)} alt={name} width={96} height={96} />
                {!disabled && (
                  <Button
                    size="small"
                    type="text"
                    danger
                    className="media-upload-remove"
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('upload.remove', { name })}
                    onClick={() => emit(latest.current.filter((p) => p !== path))}
                  />
                )}
              </div>
            );
          })}
        </Image.PreviewGroup>
        {pending.map((p) => (
          <div className="media-upload-item is-pending" key={p.uid}>
            <Progress
              type="circle"
              percent={p.percent}
              size={56}
              aria-label={t('upload.uploading', { name: p.name, percent: p.percent })}
            />
          </div>
        ))}
        {!isFull && !disabled && (
          <Upload
            id={id}
            // 'native': a dropped file of another type reaches our check and its message instead of vanishing
            accept={{ format: acceptOf(rule.types), filter: 'native' }}
            multiple={rule.maxCount > 1}
            listType="picture-card"
            showUploadList={false}
            beforeUpload={picker.beforeUpload}
            customRequest={picker.customRequest}
          >
            {/* antd's trigger is the focusable button; its content must not be a second one */}
            <span className="media-upload-trigger">
              <PlusOutlined aria-hidden />
              <span>{t('upload.choose')}</span>
            </span>
          </Upload>
        )}
      </div>
      <UploadHint id={hintId} rule={rule} sizeHint={sizeHint ?? declared.sizeHint} />
    </div>
  );
}
