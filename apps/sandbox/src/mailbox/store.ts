/**
 * In-memory store of the messages the sandbox SMTP server received (DESIGN.md §8 mailbox). Nothing is
 * persisted: a restart empties it. It holds at most `capacity` messages; adding one more drops the oldest.
 */
import type { MailboxMessage } from '@guildgate/contracts';

/** Default number of messages kept before the oldest are dropped. */
export const DEFAULT_MAILBOX_CAPACITY = 1000;

/** Lower-cases and trims an e-mail address for comparison. */
function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

export class MailStore {
  /** Oldest first; insertion order is the order of arrival. */
  readonly #messages: MailboxMessage[] = [];
  readonly capacity: number;

  /** @param capacity maximum number of messages kept (a positive integer; default 1000). */
  constructor(capacity = DEFAULT_MAILBOX_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`Mailbox capacity must be a positive integer, got ${capacity}`);
    }
    this.capacity = capacity;
  }

  /** Number of messages held. */
  get size(): number {
    return this.#messages.length;
  }

  /** Adds a received message, dropping the oldest ones beyond the capacity. */
  add(message: MailboxMessage): void {
    this.#messages.push(message);
    if (this.#messages.length > this.capacity) {
      this.#messages.splice(0, this.#messages.length - this.capacity);
    }
  }

  /**
   * Messages newest first. With `to`, only those with a recipient equal to it, ignoring case and
   * surrounding spaces; an empty or blank `to` means no filter.
   */
  list(to?: string): MailboxMessage[] {
    const wanted = to === undefined ? '' : normalizeAddress(to);
    const newestFirst = this.#messages.toReversed();
    if (wanted === '') return newestFirst;
    return newestFirst.filter((message) =>
      message.to.some((address) => normalizeAddress(address) === wanted),
    );
  }

  /** The message with this id, or `undefined`. */
  get(id: string): MailboxMessage | undefined {
    return this.#messages.find((message) => message.id === id);
  }

  /** Removes every message and returns how many there were. */
  clear(): number {
    return this.#messages.splice(0).length;
  }
}
