import { type KitIssue, kitMessage } from '@organiser/domain';
import { inArray } from 'drizzle-orm';
import { region } from '../../db/schema';
import type { Row, WriteContext } from '../../engine';

// A company's country, province and city come from the region list (`GET /api/region/list_all`).
// `countryCode` must be a country of the list and fills `countryName` (English, the marketplace's common
// language); `belong` is a province code, or a province and one of its cities ('440000/440300'), and only in
// China. Names come from the region table, so the messages are the fields' own pattern messages.

const CHINA = 'CN';

export async function checkLocation(
  ctx: WriteContext,
  values: Record<string, unknown>,
  current: Row | null,
): Promise<KitIssue[]> {
  const { fields } = ctx.entity.def;
  const issues: KitIssue[] = [];
  const country = ('countryCode' in values ? values.countryCode : current?.countryCode) as string | null;
  const belong = ('belong' in values ? values.belong : current?.belong) as string | null;
  if (!('countryCode' in values) && !('belong' in values)) return issues;
  const codes = [country, ...(belong ? belong.split('/') : [])].filter((c): c is string => Boolean(c));
  const found = codes.length ? await ctx.db.select().from(region).where(inArray(region.code, codes)) : [];
  const byCode = new Map(found.map((r) => [r.code, r]));
  if ('countryCode' in values) {
    const row = country ? byCode.get(country) : undefined;
    if (country && row?.level !== 'country') {
      const field = fields.countryCode!;
      issues.push({
        path: 'countryCode',
        message:
          field.kind === 'text' && field.pattern
            ? field.pattern.message
            : kitMessage('invalidValue', { label: field.label }),
      });
    } else values.countryName = row?.nameEn ?? null;
  }
  if (belong) {
    const [province, city] = belong.split('/');
    const p = byCode.get(province!);
    const c = city ? byCode.get(city) : undefined;
    // Where the deployment hides the country, provinces are all there is.
    const usesCountry = !ctx.entity.states.get('countryCode')?.isHidden;
    const isValid =
      (!usesCountry || country === CHINA) &&
      p?.level === 'province' &&
      p.parentCode === CHINA &&
      (!city || (c?.level === 'city' && c.parentCode === province));
    if (!isValid) {
      const field = fields.belong!;
      issues.push({
        path: 'belong',
        message:
          field.kind === 'text' && field.pattern
            ? field.pattern.message
            : kitMessage('invalidValue', { label: field.label }),
      });
    }
  }
  return issues;
}
