import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { UploadRule } from '@organiser/domain';
import { Button, Progress, Upload } from 'antd';
import { useEngineText } from '../../messages';
import { fileUrl, useSession } from '../../state/session';
import { UploadHint } from './upload-hint';
import { acceptOf } from './upload-rules';
import { useBatchPicker } from './use-batch-picker';
import { useUploads } from './use-uploads';
import './upload.css';

type Props = {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  rule: UploadRule;
  sizeHint?: string;
  label: string;
  disabled?: boolean;
};

/** One video (MP4 up to 200 MB), checked before sending, uploaded with a progress bar (no timeout). */
export function VideoUpload({ id, value, onChange, rule: declared, sizeHint, label, disabled }: Props) {
  const t = useEngineText();
  const prefix = useSession((s) => s.urlPrefix);
  const { rule, pending, choose, send } = useUploads({
    kind: 'video',
    rule: { ...declared, maxCount: 1 },
    current: value ? 1 : 0,
    onStored: (file) => onChange?.(file.path),
  });
  const picker = useBatchPicker({ choose, send });
  const upload = pending[0];

  return (
    <div className="media-upload">
      {value && (
        <div className="media-upload-video">
          {/* biome-ignore lint/a11y/useMediaCaption: uploaded product videos carry no caption track */}
          <video src={fileUrl(value, prefix)} controls preload="metadata" aria-label={label} />
          {!disabled && (
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => onChange?.(null)}
              aria-label={t('upload.remove', { name: label })}
            >
              {t('upload.removeShort')}
            </Button>
          )}
        </div>
      )}
      {upload && (
        <div className="media-upload-progress">
          <span>{upload.name}</span>
          <Progress
            percent={upload.percent}
            aria-label={t('upload.uploading', { name: upload.name, percent: upload.percent })}
          />
        </div>
      )}
      {!value && !upload && !disabled && (
        <Upload
          id={id}
          // 'native': a dropped file of another type reaches our check and its message instead of vanishing
          accept={{ format: acceptOf(rule.types), filter: 'native' }}
          showUploadList={false}
          beforeUpload={picker.beforeUpload}
          customRequest={picker.customRequest}
        >
          <Button icon={<UploadOutlined aria-hidden />}>{t('upload.chooseVideo')}</Button>
        </Upload>
      )}
      <UploadHint rule={rule} sizeHint={sizeHint ?? declared.sizeHint} />
    </div>
  );
}
