/**
 * The payout sender, counted (decision 022): payouts sent per coin, each send's time, and sends that
 * failed (retried by the next run). Wraps whatever sender the engine is given, so the engine's
 * payout run needs no metrics of its own. Typed by shape: metrics sits below the engine
 * (decision 021).
 */
import type { EngineMetrics } from './api-metrics.ts';

interface Sender {
  send(coin: string, payouts: readonly unknown[]): Promise<unknown>;
}

export function meterSender<S extends Sender>(sender: S, metrics: EngineMetrics | undefined): S {
  if (!metrics) return sender;
  return {
    ...sender,
    async send(coin: string, payouts: readonly unknown[]) {
      const started = performance.now();
      try {
        const sent = await sender.send(coin, payouts);
        metrics.payoutsSent(coin, payouts.length, (performance.now() - started) / 1000);
        return sent;
      } catch (error) {
        metrics.payoutSendFailed(coin);
        throw error;
      }
    },
  };
}
