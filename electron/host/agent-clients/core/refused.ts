/**
 * A client run refused before anything starts: the client or the provider cannot be used,
 * and the message says why and what to do. Its own module so that a runner's `prepare` can
 * refuse (OpenCode without ripgrep) without importing the driver that imports the runners.
 */
export class ClientRunRefused extends Error {
  /** True when the refusal is an approval the user has not given (A2E `unauthorized`). */
  readonly unauthorized: boolean;
  constructor(message: string, options: { unauthorized?: boolean } = {}) {
    super(message);
    this.unauthorized = options.unauthorized ?? false;
  }
}
