// How `npm run chain` and `npm run chain -- xmr` stop (decision 030): SIGINT or SIGTERM to the
// process (npm forwards both: the npm script is `exec node ...`) or to its group stops the miner,
// the product (npm start's script, which stops PostgreSQL) and the nodes side by side within
// 10 s; a second signal forces it. Set up before the nodes start, so that no signal leaves them
// running.
import type { ChildProcess } from 'node:child_process';

export interface ChainParts {
  /** `npm start`'s script, once spawned. */
  product?: ChildProcess;
  /** The regtest nodes, once they answer. */
  chain?: { stop(): Promise<void> };
  /** Called first when the stop begins (the miner), and last once all is down (native handles). */
  beforeStop?: () => void;
  afterStop?: () => void;
}

export interface ChainStop {
  readonly parts: ChainParts;
  readonly stopping: boolean;
  stop(code: number): Promise<void>;
  /** The nodes answer: keep them, or stop them now if a signal came while they started. */
  nodesStarted(chain: { stop(): Promise<void> }): Promise<void>;
}

export function chainStop(): ChainStop {
  const parts: ChainParts = {};
  let stopping = false;
  let stopAsked = 0;
  let forced = false;
  const stopped = () => console.log(`chain: stopped in ${((Date.now() - stopAsked) / 1000).toFixed(1)} s`);

  function force(why: string): void {
    if (forced) return;
    forced = true;
    console.error(`chain: ${why}; forcing the stop`);
    // A second signal to npm start's script is its forced stop (SIGKILL to its children,
    // immediate shutdown of PostgreSQL); the nodes were asked to stop and finish on their own.
    parts.product?.kill('SIGTERM');
    setTimeout(() => process.exit(1), 1000);
  }

  async function stop(code: number): Promise<void> {
    if (stopping) return;
    stopping = true;
    stopAsked ||= Date.now();
    parts.beforeStop?.();
    const deadline = setTimeout(() => force('did not stop within 9 s'), 9000);
    const { product, chain } = parts;
    const productStopped =
      product && product.exitCode === null && product.signalCode === null
        ? new Promise((resolve) => product.once('exit', resolve))
        : undefined;
    product?.kill('SIGTERM');
    // Before the nodes answered, chain is unset: nodesStarted stops them once they do.
    if (!chain) return;
    await Promise.all([productStopped, chain.stop()]);
    parts.afterStop?.();
    clearTimeout(deadline);
    stopped();
    process.exit(code);
  }

  function onSignal(signal: NodeJS.Signals): void {
    if (!stopping) {
      stopAsked = Date.now();
      console.log(`\nchain: ${signal}: stopping everything (a second ${signal === 'SIGINT' ? 'Ctrl-C' : signal} forces it)`);
      void stop(0);
    } else if (Date.now() - stopAsked > 1000) {
      // One Ctrl-C arrives twice (the terminal's group, then npm): only a later one insists.
      force(`second ${signal}`);
    }
  }
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  return {
    parts,
    get stopping() {
      return stopping;
    },
    stop,
    async nodesStarted(chain) {
      parts.chain = chain;
      if (!stopping) return;
      // Asked to stop while the nodes started.
      await chain.stop();
      stopped();
      process.exit(0);
    },
  };
}
