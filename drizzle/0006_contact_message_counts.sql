CREATE TABLE "contact_message_counts" (
	"status" "contact_status" PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint

-- Kept in step with contact_messages by one trigger per statement (a form sent, a status
-- changed, messages deleted): each statement adds its difference per status.
CREATE FUNCTION etal_count_contact_messages() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO contact_message_counts (status, n)
    SELECT status, count(*) FROM added GROUP BY status
    ON CONFLICT (status) DO UPDATE SET n = contact_message_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE contact_message_counts c SET n = c.n - d.k
    FROM (SELECT status, count(*) AS k FROM removed GROUP BY status) d WHERE c.status = d.status;
  ELSE
    INSERT INTO contact_message_counts (status, n)
    SELECT status, sum(k) FROM (
      SELECT status, count(*) AS k FROM added GROUP BY status
      UNION ALL SELECT status, -count(*) FROM removed GROUP BY status
    ) d GROUP BY status
    ON CONFLICT (status) DO UPDATE SET n = contact_message_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contact_messages_count_insert AFTER INSERT ON contact_messages
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION etal_count_contact_messages();
--> statement-breakpoint
CREATE TRIGGER contact_messages_count_update AFTER UPDATE ON contact_messages
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION etal_count_contact_messages();
--> statement-breakpoint
CREATE TRIGGER contact_messages_count_delete AFTER DELETE ON contact_messages
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION etal_count_contact_messages();
--> statement-breakpoint
INSERT INTO contact_message_counts (status, n) SELECT status, count(*) FROM contact_messages GROUP BY status;
