import type { FormFieldDescriptor } from '@organiser/domain';
import { App, Button, Col, Drawer, Form, Row, Space } from 'antd';
import { GuardedButton } from '../../components/guarded-button';
import { useEngineText } from '../../messages';
import { FieldPathErrors } from '../../widgets/dynamic-form';
import type { EntityMeta } from '../entity-meta';
import { FieldItem, WhenActive } from './field-item';
import { useEntityForm } from './use-entity-form';

type Props = {
  meta: EntityMeta;
  /** undefined: closed; null: a new record; a number: that record. */
  editing: number | null | undefined;
  /** Values set by where the records live (the company of a contact): not on the form, in every new record. */
  fixed?: Record<string, unknown>;
  onClose: () => void;
};

/**
 * The add / edit form of a record in a drawer, for records that live inside another one (a company's
 * customer-service contacts): the same fields, validation and server errors as the form page, without leaving the
 * parent's page, so a child record is edited without leaving its parent.
 */
export function RecordFormDrawer({ meta, editing, fixed, onClose }: Props) {
  const t = useEngineText();
  const isOpen = editing !== undefined;
  const title =
    editing === null
      ? t('form.addTitle', { entity: meta.label() })
      : t('form.editTitle', { entity: meta.label() });
  return (
    <Drawer open={isOpen} onClose={onClose} size={560} title={title} destroyOnHidden>
      {isOpen && (
        <RecordForm
          key={editing ?? 'new'}
          meta={meta}
          id={editing ?? undefined}
          fixed={fixed}
          onDone={onClose}
        />
      )}
    </Drawer>
  );
}

function RecordForm({
  meta,
  id,
  fixed,
  onDone,
}: {
  meta: EntityMeta;
  id?: number;
  fixed?: Record<string, unknown>;
  onDone: () => void;
}) {
  const t = useEngineText();
  const { message } = App.useApp();
  const controller = useEntityForm(meta.def.name, id, { fixed });
  const { form, groups, record, mode } = controller;
  const fields = groups.flatMap((g) => g.fields);

  const save = async () => {
    const result = await controller.submit();
    if (!result.ok) return;
    message.success(mode === 'add' ? t('form.created') : t('form.saved'));
    controller.allowLeave();
    onDone();
  };

  const render = (field: FormFieldDescriptor) => (
    <WhenActive meta={meta} name={field.name} key={field.name}>
      <Col span={24}>
        <FieldItem
          field={field}
          meta={meta}
          form={form}
          record={record}
          itemProps={controller.itemProps(field)}
        />
      </Col>
    </WhenActive>
  );

  return (
    <Form
      // the page behind keeps its own forms: a name keeps every field id unique
      name={`${meta.def.name}-drawer-form`}
      form={form}
      layout="vertical"
      onValuesChange={controller.onValuesChange}
      onFinish={() => void save()}
      // the form checks every value itself: no browser validation bubbles beside its messages
      noValidate
      aria-label={meta.label()}
    >
      {controller.generalErrors.length > 0 && (
        <ul className="entity-form-errors" role="alert">
          {controller.generalErrors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <FieldPathErrors.Provider value={controller.pathErrors}>
        <Row gutter={[16, 0]}>{fields.map(render)}</Row>
      </FieldPathErrors.Provider>
      <Space>
        <GuardedButton
          type="primary"
          htmlType="submit"
          loading={controller.isSubmitting}
          disabled={controller.isLoading}
        >
          {t('form.save')}
        </GuardedButton>
        <Button onClick={onDone}>{t('form.cancel')}</Button>
      </Space>
    </Form>
  );
}
