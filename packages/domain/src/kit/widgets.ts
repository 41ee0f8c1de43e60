/**
 * Every form widget a definition may name (`form.widget`) or a field kind defaults to. The console registers
 * each one exactly once (its registry is typed by this list, so a missing one does not compile), and a
 * definition naming a widget not on this list fails its check at import.
 */
export const WIDGETS = [
  'input',
  'bilingual',
  'textarea',
  'richText',
  'number',
  'money',
  'switch',
  'password',
  'areaPhone',
  'regionCountry',
  'regionArea',
  'select',
  'dictSelect',
  'tags',
  'date',
  'datetime',
  'imageUpload',
  'videoUpload',
  'fileUpload',
  'relationSelect',
  'treeSelect',
  'json',
  'dynamicForm',
  'dynamicFormGroup',
  'formOptions',
  /** A role's grants: the ids of the permissions checked in the permission tree. */
  'permissionTree',
] as const;

export type WidgetName = (typeof WIDGETS)[number];

export const isWidgetName = (name: string): name is WidgetName =>
  (WIDGETS as readonly string[]).includes(name);
