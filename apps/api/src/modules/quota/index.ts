export {
  companyQuotaUsages,
  consumeQuota,
  QUOTA_KEYS,
  type QuotaGrant,
  type QuotaKey,
  type QuotaLimit,
  quotaPeriod,
  quotaUsage,
  releaseQuota,
} from '../../quota/quota';
export { quotaRoutes } from './routes';
