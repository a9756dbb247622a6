/**
 * A minimal typed event emitter. Unlike node:events it never throws for an
 * unhandled 'error' event (a registry without listeners must keep working), and a
 * listener that throws does not stop the others.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- listener signatures vary per event
type EventMap = Record<string, (...args: any[]) => void>;

export class TypedEmitter<E extends EventMap> {
  private readonly listeners = new Map<keyof E, Set<E[keyof E]>>();

  on<K extends keyof E>(event: K, listener: E[K]): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return () => this.off(event, listener);
  }

  off<K extends keyof E>(event: K, listener: E[K]): void {
    this.listeners.get(event)?.delete(listener);
  }

  protected emit<K extends keyof E>(event: K, ...args: Parameters<E[K]>): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(...args);
      } catch {
        // One failing listener must not keep the event from the rest.
      }
    }
  }
}
