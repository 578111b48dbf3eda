-- The activity data every start asks for (issue 41) is kept in process until an operator changes
-- an activity record: its committed changes are announced on the change feed like the books'
-- and the configs' (decision 078).
CREATE TRIGGER activity_records_changes AFTER INSERT OR UPDATE OR DELETE ON activity_records
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER activity_records_truncated AFTER TRUNCATE ON activity_records
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
