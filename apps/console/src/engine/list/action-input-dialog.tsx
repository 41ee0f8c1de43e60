import { defineEntity, formLayout, validateActionInput } from '@organiser/domain';
import { Form } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { useEngineText } from '../../messages';
import type { EntityMeta } from '../entity-meta';
import { FieldControl } from '../form/field-control';
import { conversions } from '../form/use-entity-form';
import type { PendingInput } from '../slots';

/** Collects what an action or a command declares as input (a refusal needs its reason), validated by the kit. */
export function ActionInputDialog({
  meta,
  pending,
  onClose,
}: {
  meta: EntityMeta;
  pending: PendingInput | null;
  onClose: () => void;
}) {
  const t = useEngineText();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [isRunning, setRunning] = useState(false);
  const action = pending?.action;
  // the inputs laid out like entity fields: a tiny definition made of them
  const fields = useMemo(() => {
    if (!action?.input) return [];
    const inputDef = defineEntity({
      // a definition's name is snake_case: a camelCase command (`fromKeyword`) is spelt `from_keyword`
      name: `${meta.def.name}_${action.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
      labels: { singular: action.label, plural: action.label },
      fields: action.input,
      defaultSort: { field: 'id', order: 'asc' },
      permission: meta.def.permission,
      labelField: Object.keys(action.input)[0]!,
    });
    return formLayout(inputDef, { mode: 'add' }).flatMap((g) => g.fields);
  }, [action, meta.def]);

  // a dialog opened with values (a row's keyword) starts with them
  useEffect(() => {
    if (pending?.initial) form.setFieldsValue(pending.initial);
  }, [pending, form]);

  const submit = async () => {
    if (!pending) return;
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const checked = validateActionInput(meta.def, pending.action, values);
    if (!checked.ok) {
      form.setFields(checked.issues.map((i) => ({ name: i.path, errors: [i.message[meta.lang]] })));
      return;
    }
    setRunning(true);
    const result = await pending.run(checked.value).finally(() => setRunning(false));
    if (typeof result === 'object') {
      // the server's refusal of a value shows on its field
      form.setFields(result.errors.map((e) => ({ name: e.path.split('.')[0]!, errors: [e.message] })));
      return;
    }
    if (result) {
      form.resetFields();
      onClose();
    }
  };

  return (
    <Dialog
      open={Boolean(pending)}
      title={action?.label[meta.lang]}
      okText={action?.label[meta.lang]}
      cancelText={t('form.cancel')}
      confirmLoading={isRunning}
      onOk={() => void submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Form name={`${meta.def.name}-${action?.name ?? 'action'}`} form={form} layout="vertical">
        {fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label[meta.lang]}
            required={field.isRequired}
            // a date or time input keeps the API's string, like a record's form
            {...conversions(field)}
          >
            <FieldControl field={field} meta={meta} />
          </Form.Item>
        ))}
      </Form>
    </Dialog>
  );
}
