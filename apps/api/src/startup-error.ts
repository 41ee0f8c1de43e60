/**
 * A reason the server refuses to start (bad configuration, data folder in use, missing admin password).
 * `main.ts` prints the message alone, without a stack, and exits with status 1.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
