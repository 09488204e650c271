-- Stamps props.result_set_at whenever a result is set or changed, whichever code path
-- sets it (a leader, the operator's fan-out, a sheet sync), so the recap job can batch
-- the results that landed in a group without every writer having to tell it.
create or replace function props_stamp_result_set_at() returns trigger as $$
begin
  if new.result is distinct from old.result then
    new.result_set_at := case when new.result is null then null else now() end;
  end if;
  return new;
end;
$$ language plpgsql;
--> statement-breakpoint
create trigger props_result_set_at
  before update of result on props
  for each row execute function props_stamp_result_set_at();
