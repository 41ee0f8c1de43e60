import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { UploadRule } from '@organiser/domain';
import { Button, Progress, Upload } from 'antd';
import { useRef } from 'react';
import { formatBytes } from '../../components/server-errors';
import { useEngineText } from '../../messages';
import { fileUrl, useSession } from '../../state/session';
import { UploadHint } from './upload-hint';
import { acceptOf } from './upload-rules';
import { useBatchPicker } from './use-batch-picker';
import { useUploads } from './use-uploads';
import './upload.css';

/** An attachment as records store it: the stored path with the file's name, size and type. */
export type Attachment = { name: string; url: string; size?: number; type?: string };

type Props = {
  id?: string;
  value?: Attachment[] | null;
  onChange?: (value: Attachment[]) => void;
  rule: UploadRule;
  label: string;
  disabled?: boolean;
};

/** Attachments: a list of files with their names, within the field's count, size and type limits. */
export function FileUpload({ id, value, onChange, rule: declared, disabled }: Props) {
  const t = useEngineText();
  const prefix = useSession((s) => s.urlPrefix);
  const files = value ?? [];
  const latest = useRef(files);
  latest.current = files;
  const emit = (next: Attachment[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const { rule, pending, choose, send } = useUploads({
    kind: 'file',
    rule: declared,
    current: files.length,
    onStored: (file) =>
      emit([...latest.current, { name: file.name, url: file.path, size: file.size, type: file.type }]),
  });
  const picker = useBatchPicker({ choose, send });
  const isFull = files.length + pending.length >= rule.maxCount;

  return (
    <div className="media-upload">
      <ul className="media-upload-files">
        {files.map((file) => (
          <li key={file.url}>
            <PaperClipOutlined aria-hidden />
            <a href={fileUrl(file.url, prefix)} target="_blank" rel="noreferrer">
              {file.name}
            </a>
            {file.size ? <span className="media-upload-size">{formatBytes(file.size)}</span> : null}
            {!disabled && (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('upload.remove', { name: file.name })}
                onClick={() => emit(latest.current.filter((f) => f.url !== file.url))}
              />
            )}
          </li>
        ))}
        {pending.map((p) => (
          <li key={p.uid}>
            <span>{p.name}</span>
            <Progress
              percent={p.percent}
              size="small"
              aria-label={t('upload.uploading', { name: p.name, percent: p.percent })}
            />
          </li>
        ))}
      </ul>
      {!isFull && !disabled && (
        <Upload
          id={id}
          // 'native': a dropped file of another type reaches our check and its message instead of vanishing
          accept={{ format: acceptOf(rule.types), filter: 'native' }}
          multiple={rule.maxCount > 1}
          showUploadList={false}
          beforeUpload={picker.beforeUpload}
          customRequest={picker.customRequest}
        >
          <Button icon={<UploadOutlined aria-hidden />}>{t('upload.chooseFile')}</Button>
        </Upload>
      )}
      <UploadHint rule={rule} />
    </div>
  );
}
