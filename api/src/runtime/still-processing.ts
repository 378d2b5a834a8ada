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

/**
 * The row a command just created, read after the wait for the read models; when the wait ran out
 * and the row is not there yet, the honest 202 (`StillProcessing`), never a 500 on a missing row.
 */
export async function shownOrStillProcessing<T>(read: () => Promise<T | undefined | null>, location: string, body: Readonly<Record<string, unknown>>): Promise<T> {
  const row = await read();
  if (row === undefined || row === null) throw new StillProcessing(location, body);
  return row;
}
