import type { UploadRule } from '@organiser/domain';
import { formatBytes } from '../../components/server-errors';
import { useEngineText } from '../../messages';
import { typeNames } from './upload-rules';

/** The limits next to an upload: recommended size, types, size per file, count. */
export function UploadHint({ id, rule, sizeHint }: { id?: string; rule: UploadRule; sizeHint?: string }) {
  const t = useEngineText();
  const parts = [
    sizeHint ? t('upload.sizeHint', { size: sizeHint }) : null,
    t('upload.limits', { types: typeNames(rule.types), max: formatBytes(rule.maxBytes) }),
    rule.maxCount > 1 ? t('upload.count', { count: rule.maxCount }) : null,
  ].filter(Boolean);
  return (
    <div id={id} className="media-upload-hint">
      {parts.join(' · ')}
    </div>
  );
}
