-- The growth hints every start asks for (issue 41, decision 109) are kept per family and China day
-- until a table they read changes: the missions, the reading days and the course reports join the
-- change feed (the other tables they read, reading_progress, course_progress, works, users and
-- books, joined in 0018 and 0020). A reading day is inserted once a day (on conflict do nothing
-- fires no row trigger), so page turns announce nothing more than before.
CREATE TRIGGER user_missions_changes AFTER INSERT OR UPDATE OR DELETE ON user_missions
  FOR EACH ROW EXECUTE FUNCTION picbook_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER reading_days_changes AFTER INSERT OR UPDATE OR DELETE ON reading_days
  FOR EACH ROW EXECUTE FUNCTION picbook_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER course_reports_changes AFTER INSERT OR UPDATE OR DELETE ON course_reports
  FOR EACH ROW EXECUTE FUNCTION picbook_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER user_missions_truncated AFTER TRUNCATE ON user_missions
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER reading_days_truncated AFTER TRUNCATE ON reading_days
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER course_reports_truncated AFTER TRUNCATE ON course_reports
  FOR EACH STATEMENT EXECUTE FUNCTION picbook_notify_table_change();
--> statement-breakpoint
-- The study clock (decision 109): each family's last credited study-time report, the one row
-- that reports of one family queue on (ON CONFLICT DO UPDATE waits for the row and sees its
-- latest version), so a batch of reports is one statement and two never share the elapsed time.
-- In the drizzle schema as studyClocks (platform/db/schema/reports.ts); written by one statement
-- per batch in features/reports/study-time.queries.ts.
CREATE TABLE study_clocks (
  user_id integer PRIMARY KEY
    CONSTRAINT study_clocks_user_id_users_id_fk REFERENCES users(id) ON DELETE CASCADE,
  -- The last report that added time (null: none yet); `added` what the last report added.
  last_at timestamptz,
  added double precision NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO study_clocks (user_id, last_at)
  SELECT user_id, max(updated_at) FROM study_time GROUP BY user_id;
