import {
  DYNAMIC_OPTION_TYPES,
  type DynamicFormType,
  isReservedDynamicCode,
  isValidOptionList,
  type KitIssue,
  kitMessage,
} from '@organiser/domain';
import { and, eq, ne } from 'drizzle-orm';
import { dynamicFormConfig, type EntityHooks, type Row, type WriteContext } from '../../engine';

/** A config's options are a well-formed list when its type takes options, and its code is no name every object
 * has (`constructor`…) and is unique within its category and group (the unique index on (category,
 * group_code, code) backs it up). */
export async function checkConfig(
  ctx: WriteContext,
  values: Record<string, unknown>,
  current: Row | null,
): Promise<KitIssue[]> {
  const fields = ctx.entity.def.fields;
  const issues: KitIssue[] = [];
  const type = (values.type ?? current?.type) as DynamicFormType | undefined;
  const hasOptions = type !== undefined && DYNAMIC_OPTION_TYPES.includes(type);
  if (hasOptions && ('options' in values || 'type' in values)) {
    const options = 'options' in values ? values.options : current?.options;
    if (!isValidOptionList(options))
      issues.push({
        path: 'options',
        message: kitMessage('dynamicOptionsInvalid', { label: fields.options!.label }),
      });
  }
  if (typeof values.code === 'string' && isReservedDynamicCode(values.code))
    return [
      ...issues,
      {
        path: 'code',
        message: kitMessage('dynamicCodeReserved', { label: fields.code!.label, value: values.code }),
      },
    ];
  const category = values.category ?? current?.category;
  const groupCode = values.groupCode ?? current?.groupCode;
  const code = values.code ?? current?.code;
  if (!category || !groupCode || !code) return issues;
  const conditions = [
    eq(dynamicFormConfig.category, String(category)),
    eq(dynamicFormConfig.groupCode, String(groupCode)),
    eq(dynamicFormConfig.code, String(code)),
  ];
  if (current) conditions.push(ne(dynamicFormConfig.id, Number(current.id)));
  const [taken] = await ctx.db
    .select({ id: dynamicFormConfig.id })
    .from(dynamicFormConfig)
    .where(and(...conditions))
    .limit(1);
  if (taken)
    issues.push({
      path: 'code',
      message: kitMessage('dynamicCodeDuplicate', { label: fields.code!.label, value: String(code) }),
    });
  return issues;
}

/** The write hooks of `dynamic_form_config`. */
export const dynamicFormConfigHooks: EntityHooks = { beforeWrite: checkConfig };
