import { Upload, type UploadProps } from 'antd';
import { useRef } from 'react';

/**
 * antd calls `beforeUpload` once per file with the whole batch; the field's checks work on the batch (count), so
 * the decision is taken once for the batch and each file then gets its answer. `customRequest` hands each
 * accepted file to `send`.
 */
export function useBatchPicker(input: {
  choose: (files: File[]) => File[];
  send: (file: File) => Promise<void>;
}) {
  const decisions = useRef(new WeakMap<object, Set<File>>());
  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    let accepted = decisions.current.get(batch);
    if (!accepted) {
      accepted = new Set(input.choose(batch as File[]));
      decisions.current.set(batch, accepted);
    }
    return accepted.has(file as File) ? true : Upload.LIST_IGNORE;
  };
  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess }) => {
    void input.send(file as File).then(() => onSuccess?.(null));
  };
  return { beforeUpload, customRequest };
}
