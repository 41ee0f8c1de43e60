import { DIALOG_TOP, DIALOG_WIDTH } from '@organiser/domain';
import { Modal, type ModalProps } from 'antd';

/** A modal with the console's defaults: 65% wide, 15vh from the top. */
export function Dialog({ width = DIALOG_WIDTH, style, ...props }: ModalProps) {
  return <Modal width={width} style={{ top: DIALOG_TOP, ...style }} {...props} />;
}
