import { isEmptyValue } from '@organiser/domain';
import type { Db } from '../../db/client';
import { type Engine, heldQuotaCounts, loadRow, toRecord, withEffective } from '../../engine';
import { companyQuotaUsages, QUOTA_KEYS, type QuotaKey } from '../quota';

// A supplier account's own company on its dashboard: its audit state, how complete its information is (the
// required fields filled, as `completeInfoStatus` counts them), and what it has used of its limits this month
// (the monthly ones) or has now (those counted at once), beside the limit its package or the company sets.

export type OwnCompany = {
  id: number;
  name: string;
  auditStatus: string | null;
  auditReason: string | null;
  status: string | null;
  complete: boolean;
  requiredFields: number;
  filledFields: number;
  /** The month of the monthly usages, 'YYYY-MM' (UTC). */
  quotaPeriod: string;
  quotas: { key: QuotaKey; used: number; limit: number | null }[];
};

export async function ownCompany(db: Db, engine: Engine, companyId: number): Promise<OwnCompany | null> {
  const companies = engine.get('company')!;
  const row = await loadRow(db, companies, companyId, 'live');
  if (!row) return null;
  const [record] = await withEffective(db, engine, companies, [toRecord(companies, row)]);
  const values = record as Record<string, unknown>;
  const required = [...companies.states.values()]
    .filter((s) => s.isRequired && !s.field.virtual)
    .map((s) => s.name);
  const filled = required.filter((name) => !isEmptyValue(values[name])).length;
  const effective = (record?.effective ?? {}) as Record<string, { value: unknown } | undefined>;
  const monthly = await companyQuotaUsages(db, { companyId });
  const held = await heldQuotaCounts(db, engine, companyId);
  const used: Record<string, number> = { ...monthly.usage, ...held };
  const limitOf = (key: QuotaKey) => {
    const value = effective[`${key}Limit`]?.value ?? values[`${key}Limit`];
    return typeof value === 'number' ? value : null;
  };
  return {
    id: companyId,
    name: String(values.name ?? ''),
    auditStatus: values.auditStatus == null ? null : String(values.auditStatus),
    auditReason: values.auditReason == null ? null : String(values.auditReason),
    status: values.status == null ? null : String(values.status),
    complete: values.completeInfoStatus === true,
    requiredFields: required.length,
    filledFields: filled,
    quotaPeriod: monthly.period,
    quotas: QUOTA_KEYS.map((key) => ({ key, used: used[key] ?? 0, limit: limitOf(key) })),
  };
}
