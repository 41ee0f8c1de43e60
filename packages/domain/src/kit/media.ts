import {
  AD_IMAGES_MAX,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  VIDEO_MAX_BYTES,
  VIDEO_TYPES,
} from '../config/constants';
import type { Bilingual, UploadField, UploadRule } from './types';

// Upload fields with the deployment's limits: an image is a PNG or JPEG of at most IMAGE_MAX_BYTES, a video an
// MP4 of at most VIDEO_MAX_BYTES, an attachment an image or a PDF of five times an image's size. A definition
// names the kind, its label and what differs (the size hint shown beside the upload, how many).

type MediaOverrides = Partial<Omit<UploadField, 'kind' | 'label' | 'upload'>> & {
  /** Shown beside the upload (`227x227`). */
  sizeHint?: string;
  maxCount?: number;
};

function uploadField<K extends UploadField['kind']>(
  kind: K,
  label: Bilingual,
  rule: UploadRule,
  overrides: MediaOverrides,
): UploadField & { kind: K } {
  const { sizeHint, maxCount, ...rest } = overrides;
  return {
    kind,
    label,
    upload: { ...rule, maxCount: maxCount ?? rule.maxCount, ...(sizeHint ? { sizeHint } : {}) },
    ...rest,
  };
}

const imageRule: UploadRule = { maxCount: 1, maxBytes: IMAGE_MAX_BYTES, types: IMAGE_TYPES };

export const media = {
  /** One image. */
  image: (label: Bilingual, overrides: MediaOverrides = {}) =>
    uploadField('image', label, imageRule, overrides),
  /** Several images, at most AD_IMAGES_MAX unless `maxCount` says otherwise. */
  images: (label: Bilingual, overrides: MediaOverrides = {}) =>
    uploadField('images', label, { ...imageRule, maxCount: AD_IMAGES_MAX }, overrides),
  /** One video. */
  video: (label: Bilingual, overrides: MediaOverrides = {}) =>
    uploadField('video', label, { maxCount: 1, maxBytes: VIDEO_MAX_BYTES, types: VIDEO_TYPES }, overrides),
  /** Up to ten files: images or PDFs. */
  attachments: (label: Bilingual, overrides: MediaOverrides = {}) =>
    uploadField(
      'attachments',
      label,
      { maxCount: 10, maxBytes: IMAGE_MAX_BYTES * 5, types: [...IMAGE_TYPES, 'application/pdf'] },
      overrides,
    ),
};
