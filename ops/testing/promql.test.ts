import { describe, expect, it } from 'vitest';
import { metricNamesIn } from './promql.ts';

describe('metricNamesIn', () => {
  it('finds the metrics and nothing else', () => {
    expect(
      metricNamesIn(
        'histogram_quantile(0.95, sum by (route, le) (rate(openpool_api_request_duration_seconds_bucket{status="5xx"}[$__rate_interval]))) / on (instance) group_left sum(up{job=~"a.*"}) > 1e3 and time() - openpool_x offset 5m',
      ).sort(),
    ).toEqual(['openpool_api_request_duration_seconds_bucket', 'openpool_x', 'up']);
    expect(metricNamesIn('count(max without (instance, job) (openpool_engine_hour_job_failing)) or vector(0)')).toEqual([
      'openpool_engine_hour_job_failing',
    ]);
  });
});
