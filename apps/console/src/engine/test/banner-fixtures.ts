import type { EntityRecord } from '@organiser/domain';

export function bannerRecord(overrides: Partial<EntityRecord> = {}): EntityRecord {
  return {
    id: 7,
    version: 3,
    createdAt: '2025-05-01T08:00:00.000Z',
    updatedAt: '2025-05-02T08:00:00.000Z',
    createdBy: 1,
    updatedBy: 1,
    title: 'Spring fair',
    position: 2,
    positionLabel: 'Home top',
    coverImg: '2025/05/cover.png',
    sortNo: 10,
    targetType: 'none',
    targetUrl: null,
    targetValue: null,
    status: 'enabled',
    displayStatus: 'online',
    startDate: '2025-05-01',
    endDate: '2025-06-01',
    remark: null,
    clickNum: 42,
    deletedAt: null,
    ...overrides,
  };
}

export const listOf = (
  list: EntityRecord[],
  extra: { total?: number; page?: number; size?: number } = {},
) => ({
  list,
  total: extra.total ?? list.length,
  page: extra.page ?? 1,
  size: extra.size ?? 20,
});
