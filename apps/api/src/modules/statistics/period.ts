import {
  type EntityDef,
  type Lang,
  STATISTICS_DEFAULT_DAYS,
  STATISTICS_MAX_DAYS,
  t,
} from '@organiser/domain';
import type { FastifyInstance } from 'fastify';
import {
  type ReportContext,
  type ReportParamValues,
  type ReportResult,
  registerReportRoutes,
} from '../../engine';
import { AppError } from '../../errors';
import { dayIn } from './rollups';

// The period of a statistics screen: inclusive days in the deployment's time zone, the last 30 days by
// default, at most a year; the previous period is as long and ends the day before.

export type Period = { from: string; to: string; days: number; previousFrom: string; previousTo: string };

const DAY_MS = 86_400_000;
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);
const day = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The period asked for (dates already checked as real dates in order), completed and bounded. */
export function resolvePeriod(
  asked: { periodFrom?: string; periodTo?: string },
  timeZone: string,
  now: Date,
  lang: Lang,
): Period {
  const to =
    asked.periodTo ??
    (asked.periodFrom
      ? day(ms(asked.periodFrom) + (STATISTICS_DEFAULT_DAYS - 1) * DAY_MS)
      : dayIn(timeZone, now));
  const from = asked.periodFrom ?? day(ms(to) - (STATISTICS_DEFAULT_DAYS - 1) * DAY_MS);
  if (from > to)
    throw AppError.fields([
      {
        path: 'periodFrom',
        message: t('Must not be after the end of the period', '开始日期不能晚于结束日期')[lang],
      },
    ]);
  const days = Math.round((ms(to) - ms(from)) / DAY_MS) + 1;
  if (days > STATISTICS_MAX_DAYS)
    throw AppError.fields([
      {
        path: 'periodFrom',
        message: t(
          `A period of at most ${STATISTICS_MAX_DAYS} days`,
          `统计周期最长 ${STATISTICS_MAX_DAYS} 天`,
        )[lang],
      },
    ]);
  return {
    from,
    to,
    days,
    previousFrom: day(ms(from) - days * DAY_MS),
    previousTo: day(ms(from) - DAY_MS),
  };
}

/** What a statistics query reads with: the report's context, the deployment's time zone and the moment asked. */
export type StatisticsContext = ReportContext & { timeZone: string; now: Date };

/** Serves a statistics report (list and export) with its query, in the deployment's statistics time zone. */
export function registerStatisticsReport(
  app: FastifyInstance,
  def: EntityDef,
  query: (ctx: StatisticsContext, params: ReportParamValues) => Promise<ReportResult>,
): void {
  const timeZone = app.config.deployment.statistics.timeZone;
  registerReportRoutes(app, def, (ctx, params) => query({ ...ctx, timeZone, now: new Date() }, params));
}
