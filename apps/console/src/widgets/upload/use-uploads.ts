import type { UploadRule } from '@organiser/domain';
import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../api/user';
import { formatBytes } from '../../components/server-errors';
import { useEngineText } from '../../messages';
import { usePublicConfig } from '../../state/config-context';
import { checkFile, effectiveRule, exceedsCount, typeNames } from './upload-rules';

export type UploadKind = 'image' | 'video' | 'file';

/** A file on its way to storage. */
export type PendingUpload = { uid: string; name: string; percent: number };

export type StoredFile = { path: string; name: string; size: number; type: string };

type Options = {
  kind: UploadKind;
  rule: UploadRule;
  /** Files the field holds now (done uploads). */
  current: number;
  /** Called once per file stored, in the order they finish. */
  onStored: (file: StoredFile) => void;
};

let sequence = 0;

/**
 * Checks chosen files against the field's limits (count first: a batch that would pass the count is refused
 * whole, so a user never gets an arbitrary part of it), then uploads each with progress through the frame's helper.
 */
export function useUploads({ kind, rule: declared, current, onStored }: Options) {
  const { t: frameT } = useTranslation();
  const t = useEngineText();
  const { message } = App.useApp();
  const { uploads } = usePublicConfig();
  const deployment =
    kind === 'image'
      ? { maxBytes: uploads.imageMaxBytes, types: uploads.imageTypes }
      : kind === 'video'
        ? { maxBytes: uploads.videoMaxBytes, types: uploads.videoTypes }
        : { maxBytes: uploads.fileMaxBytes, types: uploads.fileTypes };
  const rule = effectiveRule(declared, deployment);
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const stored = useRef(onStored);
  stored.current = onStored;

  /** Accepts or refuses a batch of chosen files; returns the files that go ahead. */
  const choose = useCallback(
    (files: File[]): File[] => {
      if (
        exceedsCount({
          current: current + pendingRef.current.length,
          chosen: files.length,
          maxCount: rule.maxCount,
        })
      ) {
        // limitExceed: the frame's message, with the limit itself
        message.error({
          content: `${frameT('upload.limitExceed')} (${t('upload.limitExceedDetail', { max: rule.maxCount })})`,
          key: 'upload-limit-exceed',
        });
        return [];
      }
      const accepted: File[] = [];
      for (const file of files) {
        const problem = checkFile(file, rule);
        if (!problem) accepted.push(file);
        else if (problem.reason === 'badType') {
          message.error(t('upload.badType', { name: file.name, types: typeNames(rule.types) }));
        } else message.error(t('upload.tooLarge', { name: file.name, max: formatBytes(rule.maxBytes) }));
      }
      return accepted;
    },
    [current, rule, message, frameT, t],
  );

  const send = useCallback(
    async (file: File) => {
      const uid = `upload-${++sequence}`;
      setPending((list) => [...list, { uid, name: file.name, percent: 0 }]);
      try {
        const path = await uploadFile(file, kind, (percent) =>
          setPending((list) => list.map((p) => (p.uid === uid ? { ...p, percent } : p))),
        );
        stored.current({ path, name: file.name, size: file.size, type: file.type });
      } catch {
        // the client has shown the server's message; say which file it was
        message.error(t('upload.failed', { name: file.name }));
      } finally {
        setPending((list) => list.filter((p) => p.uid !== uid));
      }
    },
    [kind, message, t],
  );

  return { rule, pending, choose, send };
}
