import { Button, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../components/dialog';
import { clearErrorLog, type ErrorLogEntry, errorLogStore } from '../state/error-log';
import { useStore } from '../state/store';

/** The error log table: message, info, url and stack, with Clear All. */
export function ErrorLogDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const entries = useStore(errorLogStore);
  return (
    <Dialog
      open={isOpen}
      onCancel={onClose}
      width="80%"
      title={
        <span>
          {t('errorLog.title')}{' '}
          <Button
            size="small"
            danger
            onClick={() => {
              clearErrorLog();
              onClose();
            }}
          >
            {t('errorLog.clearAll')}
          </Button>
        </span>
      }
      footer={null}
    >
      <Table<ErrorLogEntry>
        rowKey="id"
        bordered
        size="small"
        pagination={false}
        dataSource={entries}
        columns={[
          {
            key: 'message',
            title: t('errorLog.message'),
            render: (_, entry) => (
              <div className="app-error-log-message">
                <div>
                  <Typography.Text strong>
                    {t('common.labelled', { label: t('errorLog.msg') })}
                  </Typography.Text>
                  <Typography.Text type="danger">{entry.error.message}</Typography.Text>
                </div>
                <div>
                  <Typography.Text strong>
                    {t('common.labelled', { label: t('errorLog.info') })}
                  </Typography.Text>
                  {t('errorLog.infoText', { component: entry.component, info: entry.info })}
                </div>
                <div>
                  <Typography.Text strong>
                    {t('common.labelled', { label: t('errorLog.url') })}
                  </Typography.Text>
                  {entry.url}
                </div>
              </div>
            ),
          },
          {
            key: 'stack',
            title: t('errorLog.stack'),
            render: (_, entry) => <pre className="app-error-log-stack">{entry.error.stack ?? ''}</pre>,
          },
        ]}
      />
    </Dialog>
  );
}
