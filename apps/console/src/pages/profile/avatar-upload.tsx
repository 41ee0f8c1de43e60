import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Progress, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../api/user';
import { formatBytes } from '../../components/server-errors';
import { usePublicConfig } from '../../state/config-context';
import { fileUrl, useSession } from '../../state/session';

type Props = { id?: string; value?: string; onChange?: (path: string) => void };

/** Avatar picker: one PNG/JPG within the deployment's image limit, uploaded with progress. */
export function AvatarUpload({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { uploads } = usePublicConfig();
  const prefix = useSession((s) => s.urlPrefix);
  const [percent, setPercent] = useState<number | null>(null);
  const max = formatBytes(uploads.imageMaxBytes);

  return (
    <div className="avatar-upload">
      <Upload
        id={id}
        accept={uploads.imageTypes.join(',')}
        listType="picture-card"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          if (!uploads.imageTypes.includes(file.type)) {
            message.error(t('upload.badType', { allowed: 'PNG, JPG' }));
            return Upload.LIST_IGNORE;
          }
          if (file.size > uploads.imageMaxBytes) {
            message.error(t('upload.tooLarge', { max }));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          setPercent(0);
          try {
            const path = await uploadFile(file as File, 'image', setPercent);
            onChange?.(path);
            onSuccess?.(path);
          } catch (error) {
            onError?.(error as Error);
          } finally {
            setPercent(null);
          }
        }}
      >
        {value && percent === null ? (
          <img src={fileUrl(value, prefix)} alt={t('profile.avatar')} className="avatar-upload-image" />
        ) : (
          <span className="avatar-upload-empty">
            {percent === null ? <PlusOutlined aria-hidden /> : <LoadingOutlined aria-hidden />}
            <span>{t('profile.uploadAvatar')}</span>
          </span>
        )}
      </Upload>
      {percent !== null && <Progress percent={percent} size="small" style={{ width: 102 }} />}
      <div className="avatar-upload-hint">{t('profile.avatarHint', { max })}</div>
    </div>
  );
}
