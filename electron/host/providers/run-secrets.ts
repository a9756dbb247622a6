/**
 * The one owner of "which keys must never come back out of a run". A provider can echo
 * a key in its answer (a hostile server, a proxy that reflects headers, a model that was
 * shown one): the text would reach stdout, the A2E events, the history, eval folders and
 * saved cases, whose own patterns only catch values that look like keys as a whole.
 *
 * So every client a run talks to is wrapped here (`redactingApi`): each key the run
 * could use (every provider of its set whose key resolves, not only the one it asked) is
 * replaced by "[redacted]" in everything the provider sends back — streamed text (a key
 * split over two network reads too: the stream holds back a tail that could begin one),
 * the turn's text, tool calls (name, id, arguments) and error messages — before the host
 * sees any of it. Downstream, nothing has a key left to leak.
 */
import type { ChatApi, ChatTurn, StreamHandlers } from './chat-types';
import type { ProviderSet } from '../workspace/provider-config';
import { redactSecrets, resolveApiKey } from './api-keys';
import { ProviderError } from './provider-errors';

export const REDACTED = '[redacted]';
/** Shorter strings would blank ordinary words (the same floor as redactSecrets). */
const MIN_SECRET_CHARS = 8;

/** Every key a run on `set` could send: each provider's key as resolveApiKey decides it. */
export function runSecrets(
  set: ProviderSet,
  env: NodeJS.ProcessEnv,
  userFile: string | null,
): string[] {
  const keys = new Set<string>();
  for (const provider of set.providers) {
    const key = resolveApiKey(provider, set, env, userFile);
    if (key.ok && key.key !== null) keys.add(key.key);
  }
  return [...keys];
}

/** Replaces the keys it knows, in text, in JSON-like values and in a stream. */
export class SecretScrubber {
  /** Longest first: a key that contains another is replaced whole. */
  private readonly secrets: string[];

  constructor(secrets: readonly (string | null)[]) {
    this.secrets = [...new Set(secrets)]
      .filter((s): s is string => s !== null && s.length >= MIN_SECRET_CHARS)
      .sort((a, b) => b.length - a.length);
  }

  get empty(): boolean {
    return this.secrets.length === 0;
  }

  /** The keys it knows, for messages that may also echo a header (redactSecrets). */
  get keys(): readonly string[] {
    return this.secrets;
  }

  text(s: string): string {
    let out = s;
    for (const secret of this.secrets)
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }

  /** A message for a person or a log: the keys, and any header value it echoes. */
  message(s: string): string {
    return redactSecrets(this.text(s), this.secrets);
  }

  /**
   * A copy of a JSON-like value with every string scrubbed. A part the value holds more
   * than once (the recorded requests of a run share their messages) is copied once and
   * shared in the copy too, so scrubbing costs what is distinct, not what is repeated.
   */
  value<T>(v: T): T {
    if (this.secrets.length === 0) return v;
    return this.walk(v, new Map()) as T;
  }

  private walk(v: unknown, copies: Map<object, unknown>): unknown {
    if (typeof v === 'string') return this.text(v);
    if (typeof v !== 'object' || v === null) return v;
    const known = copies.get(v);
    if (known !== undefined) return known;
    let out: unknown;
    if (Array.isArray(v)) out = v.map((x) => this.walk(x, copies));
    else {
      const copy: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) copy[this.text(k)] = this.walk(x, copies);
      out = copy;
    }
    copies.set(v, out);
    return out;
  }

  /** A stream of text pieces: whatever comes out has no key, even one split over pieces. */
  stream(): StreamScrubber {
    return new StreamScrubber(this);
  }

  /**
   * How many trailing characters of `s` could be the start of a key: the longest tail,
   * shorter than the key (a whole one was replaced already), that the key begins with.
   * Only the places where the key's first character stands are tried, each once, so a
   * piece costs its length, not the key's length squared.
   */
  heldTail(s: string): number {
    let hold = 0;
    for (const secret of this.secrets) {
      const first = secret[0];
      for (
        let at = s.indexOf(first, Math.max(0, s.length - (secret.length - 1)));
        at >= 0 && s.length - at > hold;
        at = s.indexOf(first, at + 1)
      ) {
        if (secret.startsWith(s.slice(at))) {
          hold = s.length - at;
          break;
        }
      }
    }
    return hold;
  }
}

export class StreamScrubber {
  private held = '';

  constructor(private readonly scrubber: SecretScrubber) {}

  /** The part of the text so far that is safe to show now. */
  push(piece: string): string {
    if (this.scrubber.empty) return piece;
    const text = this.scrubber.text(this.held + piece);
    const hold = this.scrubber.heldTail(text);
    this.held = text.slice(text.length - hold);
    return text.slice(0, text.length - hold);
  }

  /** At the end of the stream: what was held back (it was not a key). */
  end(): string {
    const rest = this.held;
    this.held = '';
    return rest;
  }
}

/** `client`, with every key of `scrubber` taken out of whatever its provider sends back. */
export function redactingApi(client: ChatApi, scrubber: SecretScrubber): ChatApi {
  if (scrubber.empty) return client;
  return {
    async stream(req, handlers: StreamHandlers): Promise<ChatTurn> {
      const live = scrubber.stream();
      let turn: ChatTurn;
      try {
        turn = await client.stream(req, {
          onText: (piece) => {
            const safe = live.push(piece);
            if (safe !== '') handlers.onText(safe);
          },
        });
      } catch (err) {
        // The held tail is dropped: it is the start of a key, the stream is over.
        if (err instanceof ProviderError) err.message = scrubber.message(err.message);
        throw err;
      }
      const tail = live.end();
      if (tail !== '') handlers.onText(tail);
      return {
        ...turn,
        text: scrubber.text(turn.text),
        model: scrubber.text(turn.model),
        stopReason: scrubber.text(turn.stopReason),
        toolCalls: turn.toolCalls.map((c) => ({
          id: scrubber.text(c.id),
          name: scrubber.text(c.name),
          argumentsText: scrubber.text(c.argumentsText),
        })),
      };
    },
  };
}
