-- The version of a prop's picks: its pick counts' row versions, which every pick made,
-- changed or removed on it moves (prop_pick_counts_on_picks). A leader's result written
-- without a transaction of its own (decision 0035) lands only while this is what it was when
-- the result was decided, so the pick split and the names its activity line carries are
-- exactly the picks the result decided. Volatile: called once the prop row is locked, it
-- reads with a snapshot of its own, so a pick that committed after the statement began still
-- counts.
create function prop_picks_version(prop int) returns text language plpgsql volatile as $$
begin
  return (select coalesce(string_agg(c.xmin::text, ',' order by c.option), '')
    from prop_pick_counts c where c.prop_id = prop);
end $$;
