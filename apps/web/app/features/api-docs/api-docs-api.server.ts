/** The API page's one call: the quotas in force (`GET /api/v1/limits`, decision 023). */
import { apiLimitsSchema, type ApiLimits } from '@openpool/domain/api';
import type { ApiClient } from '~/platform/api-client';
import { apiPaths } from '~/platform/api-paths';

export async function fetchLimits(api: ApiClient): Promise<ApiLimits> {
  return apiLimitsSchema.parse(await api.request(apiPaths.limits()));
}
