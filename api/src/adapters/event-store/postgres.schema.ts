/**
 * The PostgreSQL event store's schema. Created idempotently by the adapter at start (it is the
 * store's own storage, not a read model, so it is not in the read-table migrations).
 *
 * - `es_events` is append-only. `transaction_id` is the writing transaction's id: a reader of
 *   $all only reads rows whose transaction is older than the oldest transaction still running
 *   (`pg_snapshot_xmin`), in (transaction_id, global_position) order. A transaction that
 *   commits late therefore holds readers back instead of being skipped, and the order in which
 *   events are delivered never changes after the fact. That order is the primary key, so the
 *   table carries three indexes (the $all order, event ids, stream revisions) and no more:
 *   every index is paid for on every event appended. (Databases made before this layout have
 *   a primary key on global_position plus an es_events_all_order index; both read the same.)
 * - `es_streams` holds each stream's revision and last hash; its row lock serializes writers of
 *   one stream while writers of different streams run in parallel.
 * - `es_append_v2` does a whole append in one round trip, in as few statements as it can, since
 *   each costs. A first append (expected "no stream") is one statement: claim the stream row
 *   and insert the events together. Otherwise: lock the stream row; if the stream exists,
 *   check idempotency (a stream that does not exist cannot hold the ids); check the expected
 *   revision; compute the hash chain in memory (`es_chain`); write the stream row once; store
 *   all the events with one INSERT.
 * - Connecting never takes a lock on `es_events` once the schema exists (a DDL lock would queue
 *   behind readers and stall every append), so the trigger is only created when missing.
 */
export const EVENT_STORE_SCHEMA_VERSION = 2;

export const eventStoreSchemaSql = `
create table if not exists es_streams (
  stream_id text primary key,
  revision bigint not null,
  last_hash text not null
);

create table if not exists es_events (
  global_position bigserial not null,
  transaction_id bigint not null default (pg_current_xact_id()::text::bigint),
  event_id uuid not null unique,
  stream_id text not null,
  stream_revision bigint not null,
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default now(),
  unique (stream_id, stream_revision),
  primary key (transaction_id, global_position)
);

create or replace function es_reject_change() returns trigger language plpgsql as $$
begin
  raise exception 'es_events is append-only';
end $$;

do $$
begin
  if not exists (select 1 from pg_trigger where tgname = 'es_events_append_only' and tgrelid = 'es_events'::regclass) then
    create trigger es_events_append_only before update or delete on es_events
      for each row execute function es_reject_change();
  end if;
end $$;

-- The hash chain (docs/architecture.md, "Hash chain") over a batch: each event's hash, starting after p_hash.
create or replace function es_chain(p_hash text, p_events jsonb) returns text[]
language plpgsql immutable as $$
declare
  v_hashes text[] := '{}';
  v_event jsonb;
begin
  for i in 0 .. jsonb_array_length(p_events) - 1 loop
    v_event := p_events->i;
    p_hash := encode(sha256(convert_to(p_hash || (v_event->>'type') || (v_event->>'canonical'), 'UTF8')), 'hex');
    v_hashes := v_hashes || p_hash;
  end loop;
  return v_hashes;
end $$;

-- expected: -2 any, -1 no stream, >= 0 exact last revision.
-- events: [{id, type, data, metadata, canonical}] where canonical is the canonical JSON of data.
-- out_repeated: every id was already stored, nothing was written (the caller acts on what is
-- stored). Version 2 of es_append: a new name rather than a changed signature, so a process of
-- the previous release still running during a rolling deploy keeps calling the old one.
create or replace function es_append_v2(p_stream text, p_expected bigint, p_events jsonb)
returns table (out_revision bigint, out_transaction bigint, out_position bigint, out_repeated boolean)
language plpgsql as $$
declare
  v_count int := jsonb_array_length(p_events);
  v_exists boolean;
  v_revision bigint;
  v_hash text;
  v_hashes text[];
  v_known int;
  v_inserted int;
  v_done boolean := false;
begin
  if p_expected = -1 then
    -- A first append, the most common kind, in one statement: claim the stream row and store
    -- the events together. If the stream exists (or a racing first append holds it), nothing
    -- is stored and the locking path below decides (idempotent repeat or wrong revision).
    v_hashes := case when v_count = 1
      then array[encode(sha256(convert_to((p_events->0->>'type') || (p_events->0->>'canonical'), 'UTF8')), 'hex')]
      else es_chain('', p_events) end;
    with claimed as (
      insert into es_streams (stream_id, revision, last_hash) values (p_stream, v_count - 1, v_hashes[v_count])
      on conflict do nothing returning 1
    )
    insert into es_events (event_id, stream_id, stream_revision, type, data, metadata)
    select (e.value->>'id')::uuid, p_stream, e.ordinality - 1, e.value->>'type', e.value->'data',
           coalesce(e.value->'metadata', '{}'::jsonb) || jsonb_build_object('hash', v_hashes[e.ordinality])
      from jsonb_array_elements(p_events) with ordinality e
     where exists (select 1 from claimed);
    get diagnostics v_inserted = row_count;
    if v_inserted > 0 then
      out_revision := v_count - 1;
      out_transaction := pg_current_xact_id()::text::bigint;
      out_position := currval('es_events_global_position_seq');
      out_repeated := false;
      return next;
      return;
    end if;
  end if;

  -- At most two passes: a second only when another first append to this stream committed
  -- while this one waited on its es_streams row.
  for v_attempt in 1..2 loop
    select s.revision, s.last_hash into v_revision, v_hash from es_streams s where s.stream_id = p_stream for update;
    v_exists := found;
    if not v_exists then
      v_revision := -1;
      v_hash := '';
    else
      -- Only a stream that exists can hold these ids: a repeated append succeeds, storing nothing.
      -- The ids alone select the rows, so the lookup probes the event id index, never a scan
      -- of a long stream.
      select count(*) filter (where ev.stream_id = p_stream) into v_known from es_events ev
        where ev.event_id = any (array(select (e->>'id')::uuid from jsonb_array_elements(p_events) e));
      if v_known = v_count then
        return query select ev.stream_revision, ev.transaction_id, ev.global_position, true from es_events ev
          where ev.event_id = ((p_events->(v_count - 1))->>'id')::uuid;
        return;
      elsif v_known > 0 then
        -- Part of this batch is stored: a twin of this command got there first and the stream
        -- moved on. That is a wrong expected revision; the caller decides again on fresh state.
        raise exception 'wrong_expected_revision: an append may not mix stored and new event ids' using errcode = 'P0001', detail = v_revision::text;
      end if;
    end if;

    if (p_expected = -1 and v_revision <> -1) or (p_expected >= 0 and v_revision <> p_expected) then
      raise exception 'wrong_expected_revision' using errcode = 'P0001', detail = v_revision::text;
    end if;

    v_hashes := es_chain(v_hash, p_events);
    v_revision := v_revision + v_count;
    if v_exists then
      update es_streams set revision = v_revision, last_hash = v_hashes[v_count] where stream_id = p_stream;
      v_done := true;
    else
      insert into es_streams (stream_id, revision, last_hash) values (p_stream, v_revision, v_hashes[v_count]) on conflict do nothing;
      v_done := found;
    end if;
    exit when v_done;
  end loop;
  if not v_done then
    raise exception 'es_append: stream % changed under a retried first append', p_stream;
  end if;

  -- One statement for the whole batch; global positions come from the sequence in event order.
  insert into es_events (event_id, stream_id, stream_revision, type, data, metadata)
  select (e.value->>'id')::uuid, p_stream, v_revision - v_count + e.ordinality, e.value->>'type', e.value->'data',
         coalesce(e.value->'metadata', '{}'::jsonb) || jsonb_build_object('hash', v_hashes[e.ordinality])
    from jsonb_array_elements(p_events) with ordinality e;

  out_revision := v_revision;
  out_transaction := pg_current_xact_id()::text::bigint;
  out_position := currval('es_events_global_position_seq');
  out_repeated := false;
  return next;
end $$;

-- An atomic multi-stream append (docs/event-store.md, "Multi-stream append"), one call, one
-- transaction: p_appends = [{stream, expected, events}], each as es_append_v2's arguments.
-- The stream rows are locked (or claimed, for a new stream) in one fixed order, sorted by
-- stream id, so two calls on overlapping streams queue instead of deadlocking; every check of
-- es_append_v2 is made per stream (idempotency by event ids, expected revision), the hash chain
-- continues per stream, and the events of every stream are stored by one INSERT in the order
-- given, so they are adjacent in $all. Any refusal raises and nothing is stored. Returns one
-- row per stream, in the order given. Every stream repeated (all ids stored): nothing written,
-- out_repeated true. Some repeated and some not: P0001 (the streams moved on since the decision).
create or replace function es_append_multi(p_appends jsonb)
returns table (out_stream text, out_revision bigint, out_transaction bigint, out_position bigint, out_repeated boolean)
language plpgsql as $$
declare
  v_n int := jsonb_array_length(p_appends);
  v_order int[];
  v_i int;
  v_stream text;
  v_expected bigint;
  v_events jsonb;
  v_count int;
  v_exists boolean;
  v_revision bigint;
  v_hash text;
  v_hashes text[];
  v_known bigint;
  v_batch jsonb;
  v_revisions bigint[] := array_fill(null::bigint, array[v_n]);
  v_repeat_tx bigint[] := array_fill(null::bigint, array[v_n]);
  v_repeat_pos bigint[] := array_fill(null::bigint, array[v_n]);
  v_rows jsonb[] := array_fill(null::jsonb, array[v_n]);
  v_repeats int := 0;
  v_first_repeat text;
  v_transaction bigint;
  v_positions bigint[];
  v_streams text[];
begin
  select array_agg(i order by (p_appends->i)->>'stream' collate "C") into v_order from generate_series(0, v_n - 1) i;
  if (select count(distinct a->>'stream') from jsonb_array_elements(p_appends) a) <> v_n then
    raise exception 'es_append_multi: a stream may appear once per call';
  end if;
  foreach v_i in array v_order loop
    v_stream := (p_appends->v_i)->>'stream';
    v_expected := ((p_appends->v_i)->>'expected')::bigint;
    v_events := (p_appends->v_i)->'events';
    v_count := jsonb_array_length(v_events);

    -- Lock the stream row, or claim it for a new stream (a racing claim makes this wait for
    -- that transaction; if it committed, the row is then locked and read here).
    select s.revision, s.last_hash into v_revision, v_hash from es_streams s where s.stream_id = v_stream for update;
    v_exists := found;
    if not v_exists then
      insert into es_streams (stream_id, revision, last_hash) values (v_stream, -1, '') on conflict do nothing;
      if not found then
        select s.revision, s.last_hash into v_revision, v_hash from es_streams s where s.stream_id = v_stream for update;
        v_exists := true;
      else
        v_revision := -1;
        v_hash := '';
      end if;
    end if;

    if v_exists then
      select count(*) filter (where ev.stream_id = v_stream) into v_known from es_events ev
        where ev.event_id = any (array(select (e->>'id')::uuid from jsonb_array_elements(v_events) e));
      if v_known = v_count then
        select ev.stream_revision, ev.transaction_id, ev.global_position into v_revision, v_transaction, v_known
          from es_events ev where ev.event_id = ((v_events->(v_count - 1))->>'id')::uuid;
        v_revisions[v_i + 1] := v_revision;
        v_repeat_tx[v_i + 1] := v_transaction;
        v_repeat_pos[v_i + 1] := v_known;
        v_repeats := v_repeats + 1;
        v_first_repeat := coalesce(v_first_repeat, v_stream);
        continue;
      elsif v_known > 0 then
        raise exception 'wrong_expected_revision: an append may not mix stored and new event ids'
          using errcode = 'P0001', detail = jsonb_build_object('stream', v_stream, 'actual', v_revision)::text;
      end if;
    end if;

    if (v_expected = -1 and v_revision <> -1) or (v_expected >= 0 and v_revision <> v_expected) then
      raise exception 'wrong_expected_revision' using errcode = 'P0001', detail = jsonb_build_object('stream', v_stream, 'actual', v_revision)::text;
    end if;

    v_hashes := es_chain(v_hash, v_events);
    update es_streams set revision = v_revision + v_count, last_hash = v_hashes[v_count] where stream_id = v_stream;
    v_revisions[v_i + 1] := v_revision + v_count;
    select jsonb_agg(jsonb_build_object('id', e.value->>'id', 'stream', v_stream, 'revision', v_revision + e.ordinality, 'type', e.value->>'type', 'data', e.value->'data',
             'metadata', coalesce(e.value->'metadata', '{}'::jsonb) || jsonb_build_object('hash', v_hashes[e.ordinality])) order by e.ordinality)
      into v_batch
      from jsonb_array_elements(v_events) with ordinality e;
    v_rows[v_i + 1] := v_batch;
  end loop;

  if v_repeats = v_n then
    return query select (p_appends->(i - 1))->>'stream', v_revisions[i], v_repeat_tx[i], v_repeat_pos[i], true from generate_series(1, v_n) i;
    return;
  elsif v_repeats > 0 then
    select s.revision into v_revision from es_streams s where s.stream_id = v_first_repeat;
    raise exception 'wrong_expected_revision: some streams of the append are stored, others not'
      using errcode = 'P0001', detail = jsonb_build_object('stream', v_first_repeat, 'actual', v_revision)::text;
  end if;

  -- One statement for every stream's events, in the order given; positions come from the sequence in that order.
  with inserted as (
    insert into es_events (event_id, stream_id, stream_revision, type, data, metadata)
    select (r.value->>'id')::uuid, r.value->>'stream', (r.value->>'revision')::bigint, r.value->>'type', r.value->'data', r.value->'metadata'
      from generate_series(1, v_n) i, jsonb_array_elements(v_rows[i]) with ordinality r
     order by i, r.ordinality
    returning stream_id, global_position
  )
  select array_agg(stream_id), array_agg(global_position) into v_streams, v_positions
    from (select stream_id, max(global_position) as global_position from inserted group by stream_id) t;

  v_transaction := pg_current_xact_id()::text::bigint;
  return query select (p_appends->(i - 1))->>'stream', v_revisions[i], v_transaction, v_positions[array_position(v_streams, (p_appends->(i - 1))->>'stream')], false
    from generate_series(1, v_n) i;
end $$;
`;

