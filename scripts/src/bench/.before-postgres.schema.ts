/**
 * The PostgreSQL event store's schema. Created idempotently by the adapter at start (it is the
 * store's own storage, not a read model, so it is not in the read-table migrations).
 *
 * - `es_events` is append-only. `transaction_id` is the writing transaction's id: a reader of
 *   $all only reads rows whose transaction is older than the oldest transaction still running
 *   (`pg_snapshot_xmin`), in (transaction_id, global_position) order. A transaction that
 *   commits late therefore holds readers back instead of being skipped, and the order in which
 *   events are delivered never changes after the fact.
 * - `es_streams` holds each stream's revision and last hash; its row lock serializes writers of
 *   one stream while writers of different streams run in parallel.
 * - `es_append` does a whole append in one round trip: idempotency check, revision check,
 *   hash chain, insert.
 */
export const EVENT_STORE_SCHEMA_VERSION = 1;

export const eventStoreSchemaSql = `
create table if not exists es_streams (
  stream_id text primary key,
  revision bigint not null,
  last_hash text not null
);

create table if not exists es_events (
  global_position bigserial primary key,
  transaction_id bigint not null default (pg_current_xact_id()::text::bigint),
  event_id uuid not null unique,
  stream_id text not null,
  stream_revision bigint not null,
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default now(),
  unique (stream_id, stream_revision)
);

create index if not exists es_events_all_order on es_events (transaction_id, global_position);

create or replace function es_reject_change() returns trigger language plpgsql as $$
begin
  raise exception 'es_events is append-only';
end $$;

drop trigger if exists es_events_append_only on es_events;
create trigger es_events_append_only before update or delete on es_events
  for each row execute function es_reject_change();

-- expected: -2 any, -1 no stream, >= 0 exact last revision.
-- events: [{id, type, data, metadata, canonical}] where canonical is the canonical JSON of data.
create or replace function es_append(p_stream text, p_expected bigint, p_events jsonb)
returns table (out_revision bigint, out_transaction bigint, out_position bigint)
language plpgsql as $$
declare
  v_count int := jsonb_array_length(p_events);
  v_known int;
  v_revision bigint;
  v_hash text;
  v_event jsonb;
  v_position bigint;
begin
  select count(*) into v_known from es_events
    where stream_id = p_stream and event_id in (select (e->>'id')::uuid from jsonb_array_elements(p_events) e);
  if v_known = v_count then
    return query select ev.stream_revision, ev.transaction_id, ev.global_position from es_events ev
      where ev.event_id = ((p_events->(v_count - 1))->>'id')::uuid;
    return;
  elsif v_known > 0 then
    raise exception 'es_append: an append may not mix stored and new event ids' using errcode = 'P0002';
  end if;

  insert into es_streams (stream_id, revision, last_hash) values (p_stream, -1, '') on conflict do nothing;
  select s.revision, s.last_hash into v_revision, v_hash from es_streams s where s.stream_id = p_stream for update;

  if (p_expected = -1 and v_revision <> -1) or (p_expected >= 0 and v_revision <> p_expected) then
    raise exception 'wrong_expected_revision' using errcode = 'P0001', detail = v_revision::text;
  end if;

  for v_event in select * from jsonb_array_elements(p_events) loop
    v_revision := v_revision + 1;
    v_hash := encode(sha256(convert_to(v_hash || (v_event->>'type') || (v_event->>'canonical'), 'UTF8')), 'hex');
    insert into es_events (event_id, stream_id, stream_revision, type, data, metadata)
      values ((v_event->>'id')::uuid, p_stream, v_revision, v_event->>'type', v_event->'data',
              coalesce(v_event->'metadata', '{}'::jsonb) || jsonb_build_object('hash', v_hash))
      returning global_position into v_position;
  end loop;

  update es_streams set revision = v_revision, last_hash = v_hash where stream_id = p_stream;
  return query select v_revision, pg_current_xact_id()::text::bigint, v_position;
end $$;
`;
