/**
 * A crash in the middle of a multi-stream append, for the tests that prove no internal move can
 * be half done. The command's transaction (es_append_multi) visits its streams sorted by id;
 * this holds the row of `heldStreamId` (a `wallet-…`, which sorts after the `bet-…` or `pool-…`
 * stream the command also writes), so the command's backend stops there with the other stream
 * already claimed, and is then terminated, as a process or connection dying there would end it.
 */
import pg from 'pg';

export async function crashMidAppend(databaseUrl: string, heldStreamId: string, run: () => Promise<unknown>): Promise<unknown> {
  const holder = new pg.Client({ connectionString: databaseUrl });
  const killer = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([holder.connect(), killer.connect()]);
  try {
    await holder.query('begin');
    await holder.query('select 1 from es_streams where stream_id = $1 for update', [heldStreamId]);
    const outcome = run().then(
      () => 'completed',
      (error: unknown) => error,
    );
    // Waits on the condition itself: the command's backend blocked on the held row's lock.
    let pid: number | undefined;
    while (pid === undefined) {
      const { rows } = await killer.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%es_append_multi%'`,
      );
      pid = rows[0]?.pid;
    }
    await killer.query('select pg_terminate_backend($1)', [pid]);
    return await outcome;
  } finally {
    await holder.query('rollback').catch(() => undefined);
    await Promise.all([holder.end(), killer.end()]);
  }
}
