/**
 * A command's events are stored, but the read models did not show them within the wait
 * (PROJECTION_WAIT_MS): the projection role is behind or down. The honest answer is 202 with
 * where the result will be (`Location`), never a 404 for something that exists, nor a guess.
 * Thrown by a route's answer step; the root error handler turns it into that 202.
 */
export class StillProcessing extends Error {
  static readonly MESSAGE = 'Your request was recorded and is being processed. It will appear in a moment.';
  constructor(
    readonly location: string,
    readonly body: Readonly<Record<string, unknown>>,
  ) {
    super(StillProcessing.MESSAGE);
    this.name = 'StillProcessing';
  }
}
