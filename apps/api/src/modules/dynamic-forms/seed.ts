import type { DynamicFormOption, DynamicFormType } from '@organiser/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dynamicFormConfig, invalidateDynamicForms } from '../../engine';
import type { ReferenceSeed } from '../../seed';

// Reference form groups of products every deployment starts with. A group is written only while it has no
// config in the database, so the inputs an administrator edits, disables or adds are never overwritten.

type SeedInput = {
  code: string;
  type: DynamicFormType;
  en: string;
  zh: string;
  options?: DynamicFormOption[];
  required?: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  filterable?: boolean;
};

export type SeedGroup = { category: string; groupCode: string; inputs: readonly SeedInput[] };

const o = (value: string, en: string, zh: string): DynamicFormOption => ({ value, label: { en, zh } });

/** Machines: power, voltage, certifications and warranty. */
export const machineGroup: SeedGroup = {
  category: 'product',
  groupCode: 'machine',
  inputs: [
    {
      code: 'power',
      type: 'number',
      en: 'Power (kW)',
      zh: '功率（千瓦）',
      min: 0,
      max: 100_000,
      required: true,
    },
    {
      code: 'voltage',
      type: 'select',
      en: 'Voltage',
      zh: '电压',
      options: [o('220V', '220 V', '220 伏'), o('380V', '380 V', '380 伏')],
      filterable: true,
    },
    {
      code: 'certifications',
      type: 'multiSelect',
      en: 'Certifications',
      zh: '认证',
      options: [
        o('CE', 'CE', 'CE 认证'),
        o('UL', 'UL', 'UL 认证'),
        o('ISO9001', 'ISO 9001', 'ISO 9001 认证'),
      ],
      filterable: true,
    },
    {
      code: 'warrantyMonths',
      type: 'integer',
      en: 'Warranty (months)',
      zh: '保修期（月）',
      min: 0,
      max: 120,
    },
  ],
};

/** Fabrics: composition, weight, colours and eco certification. */
export const fabricGroup: SeedGroup = {
  category: 'product',
  groupCode: 'fabric',
  inputs: [
    { code: 'composition', type: 'text', en: 'Composition', zh: '成分', maxLength: 200, required: true },
    { code: 'weightGsm', type: 'number', en: 'Weight (g/m²)', zh: '克重（克/平方米）', min: 0, max: 2000 },
    {
      code: 'colours',
      type: 'multiSelect',
      en: 'Colours',
      zh: '颜色',
      options: [
        o('white', 'White', '白色'),
        o('black', 'Black', '黑色'),
        o('red', 'Red', '红色'),
        o('blue', 'Blue', '蓝色'),
      ],
      filterable: true,
    },
    { code: 'ecoCertified', type: 'boolean', en: 'Eco-certified', zh: '环保认证', filterable: true },
  ],
};

export const referenceFormGroups: readonly SeedGroup[] = [machineGroup, fabricGroup];

/** Writes each group that has no config yet; returns how many groups were written. */
export async function seedFormGroups(
  db: Db,
  groups: readonly SeedGroup[] = referenceFormGroups,
): Promise<number> {
  let written = 0;
  for (const g of groups) {
    const [existing] = await db
      .select({ id: dynamicFormConfig.id })
      .from(dynamicFormConfig)
      .where(and(eq(dynamicFormConfig.category, g.category), eq(dynamicFormConfig.groupCode, g.groupCode)))
      .limit(1);
    if (existing) continue;
    await db
      .insert(dynamicFormConfig)
      .values(
        g.inputs.map((input, i) => ({
          category: g.category,
          groupCode: g.groupCode,
          code: input.code,
          type: input.type,
          enLabel: input.en,
          zhLabel: input.zh,
          options: input.options ?? null,
          required: input.required ?? false,
          min: input.min ?? null,
          max: input.max ?? null,
          maxLength: input.maxLength ?? null,
          sortNo: (i + 1) * 10,
          filterable: input.filterable ?? false,
        })),
      )
      // Another node seeding at the same instant.
      .onConflictDoNothing();
    written++;
  }
  if (written) invalidateDynamicForms();
  return written;
}

/** The dynamic forms' reference seed (runs on every start; idempotent). */
export const dynamicFormSeed: ReferenceSeed = {
  name: 'dynamic-forms',
  run: async ({ db, log }) => {
    const written = await seedFormGroups(db);
    if (written) log(`reference data: ${written} dynamic form groups`);
  },
};
