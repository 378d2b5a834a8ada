import { connect, JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { assertSignalSubject, subjectFor, toWireEvent, type Bus, type BusMessage, type RecordedEvent, type WireEvent } from '@wager/domain';

const codec = JSONCodec<WireEvent>();
const signalCodec = JSONCodec<Record<string, unknown>>();

/** The production fan-out: core NATS subjects `events.<streamType>.<streamId>`. */
export class NatsBus implements Bus {
  readonly kind = 'nats' as const;
  private readonly subscriptions = new Set<Subscription>();

  private constructor(private readonly connection: NatsConnection) {}

  static async connect(url: string, name = 'wager-api'): Promise<NatsBus> {
    const connection = await connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 1000 });
    return new NatsBus(connection);
  }

  async publish(events: readonly RecordedEvent[]): Promise<void> {
    for (const e of events) this.connection.publish(subjectFor(e.streamId), codec.encode(toWireEvent(e)));
    await this.connection.flush();
  }

  subscribe(pattern: string, handler: (message: BusMessage) => void): () => void {
    const subscription = this.connection.subscribe(pattern, {
      callback: (error, message) => {
        if (error) return;
        try {
          handler({ subject: message.subject, event: codec.decode(message.data) });
        } catch {
          // A bad message or a failing handler must not end the subscription.
        }
      },
    });
    this.subscriptions.add(subscription);
    return () => {
      subscription.unsubscribe();
      this.subscriptions.delete(subscription);
    };
  }

  async signal(subject: string, data: Readonly<Record<string, unknown>>): Promise<void> {
    assertSignalSubject(subject);
    this.connection.publish(subject, signalCodec.encode({ ...data }));
    await this.connection.flush();
  }

  onSignal(subject: string, handler: (data: Readonly<Record<string, unknown>>) => void): () => void {
    assertSignalSubject(subject);
    const subscription = this.connection.subscribe(subject, {
      callback: (error, message) => {
        if (error) return;
        try {
          handler(signalCodec.decode(message.data));
        } catch {
          // A bad message or a failing handler must not end the subscription.
        }
      },
    });
    this.subscriptions.add(subscription);
    return () => {
      subscription.unsubscribe();
      this.subscriptions.delete(subscription);
    };
  }

  status(): { connected: boolean; kind: string } {
    return { connected: !this.connection.isClosed() && !this.connection.isDraining(), kind: this.kind };
  }

  async close(): Promise<void> {
    if (!this.connection.isClosed()) await this.connection.drain();
  }
}
