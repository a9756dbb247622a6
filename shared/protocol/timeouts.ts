/**
 * Timers set from user input (a call's `timeout`, a skill's `timeout_seconds`).
 *
 * `setTimeout` stores its delay in a signed 32-bit integer: anything over 2³¹−1 ms
 * (about 24.8 days) overflows and fires at once, so a generous timeout would time
 * a call out immediately. Every such delay goes through `safeDelay`, which clamps
 * it into the range timers really honour. Free of Node APIs: the renderer uses it too.
 */

/** The longest delay `setTimeout` honours: 2³¹−1 ms, about 24.8 days. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** `ms` clamped to [0, MAX_TIMER_MS]; Infinity means "as long as a timer can wait". */
export function safeDelay(ms: number): number {
  if (!(ms > 0)) return 0;
  return Math.min(ms, MAX_TIMER_MS);
}

/**
 * The wall-clock limit of a call in ms: the call's `timeout` capped by the skill's
 * `timeout_seconds` (when it sets a positive one), clamped for timers.
 */
export function callTimeoutMs(callSeconds: number, skillSeconds?: number | null): number {
  const skill = typeof skillSeconds === 'number' && skillSeconds > 0 ? skillSeconds : Infinity;
  return safeDelay(Math.min(callSeconds, skill) * 1000);
}
