/**
 * A real SMTP server on loopback for tests (smtp-server), parsing what it receives with
 * mailparser. It can refuse or stall messages, to test retries and crashes mid-send.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  url: string;
  messages: ParsedMail[];
  /** Answer the next `count` messages with a temporary failure (451). */
  refuseNext(count: number): void;
  /** Never answer the next message's data (the sender waits until it is killed); resolves when that message arrives. */
  stallNext(): Promise<void>;
  /** Resolves once `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  let refuse = 0;
  let stall: (() => void) | undefined;
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (stall) {
        stall();
        stall = undefined;
        stream.resume();
        return; // no answer: the client waits for one that never comes
      }
      simpleParser(stream).then(
        (mail) => {
          if (refuse > 0) {
            refuse -= 1;
            callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
            return;
          }
          messages.push(mail);
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A client killed mid-message resets its connection: expected in the crash tests.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    refuseNext: (count) => (refuse = count),
    stallNext: () => new Promise<void>((resolve) => (stall = resolve)),
    waitFor(count, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(messages);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} mails, got ${messages.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
