/** One Server-Sent Event as a browser's EventSource would see it. */
export interface ReceivedEvent {
  event: string;
  id: string | undefined;
  data: Record<string, unknown>;
  receivedAt: number;
}

/**
 * An open `text/event-stream` read over real HTTP (fetch), parsed by the SSE rules:
 * events, ids, comments (heartbeats) and the end of the stream.
 */
export class EventStreamReader {
  readonly events: ReceivedEvent[] = [];
  comments = 0;
  ended = false;
  private waiters = new Set<() => void>();

  private constructor(
    readonly status: number,
    readonly headers: Headers,
    private readonly controller: AbortController,
  ) {}

  static async open(url: string, headers: Record<string, string>): Promise<EventStreamReader> {
    const controller = new AbortController();
    const response = await fetch(url, { headers, signal: controller.signal });
    const reader = new EventStreamReader(response.status, response.headers, controller);
    if (response.body && response.status === 200) void reader.consume(response.body);
    else {
      await response.text();
      reader.ended = true;
    }
    return reader;
  }

  private async consume(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by close(), or the connection dropped: either way the stream is over.
    }
    this.ended = true;
    this.notify();
  }

  private parse(block: string) {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    let isComment = true;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      isComment = false;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    if (isComment) this.comments += 1;
    else if (data.length > 0) {
      this.events.push({
        event,
        id,
        data: JSON.parse(data.join('\n')) as Record<string, unknown>,
        receivedAt: Date.now(),
      });
    }
    this.notify();
  }

  private notify() {
    for (const waiter of this.waiters) waiter();
  }

  /** Resolves when `check` holds, or fails after `timeoutMs` with what was received. */
  async waitFor<T>(check: () => T | undefined | false, timeoutMs = 5_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = check();
      if (value) return value;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `timed out; received ${JSON.stringify(this.events.map((e) => [e.event, e.id, e.data]))}, ended ${this.ended}`,
        );
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, left);
        this.waiters.add(done);
      });
    }
  }

  /** The first event named `name` (and matching `where`), waiting for it. */
  next(
    name: string,
    where: (data: Record<string, unknown>) => boolean = () => true,
    timeoutMs?: number,
  ) {
    return this.waitFor(
      () => this.events.find((event) => event.event === name && where(event.data)),
      timeoutMs,
    );
  }

  /** Resolves when the server has ended the stream. */
  untilEnded(timeoutMs?: number) {
    return this.waitFor(() => this.ended, timeoutMs);
  }

  close() {
    this.controller.abort();
  }
}
