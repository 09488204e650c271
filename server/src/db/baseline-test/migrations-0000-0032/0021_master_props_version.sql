CREATE TABLE "master_props_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- The master list's version (decision 0029): one row, moved once by every statement that
-- changes master_props (a sync's upserts, an operator's result, a delete), in that
-- statement's transaction, so the public preview's tag moves exactly when its rows may have.
insert into "master_props_version" ("id", "version") values (1, 0);
--> statement-breakpoint
create function master_props_version_bump() returns trigger language plpgsql as $$
begin
  update master_props_version set version = version + 1 where id = 1;
  return null;
end $$;
--> statement-breakpoint
create trigger master_props_version_bump after insert or update or delete or truncate
  on master_props for each statement execute function master_props_version_bump();
